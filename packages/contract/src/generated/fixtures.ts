// Generated from spec/ by packages/contract/scripts/generate.mjs. Do not edit.
import type { components } from "./schema.js";

/** The spec's examples (spec/components/examples), shared by the docs, server tests and SDK mocks. */
export const fixtures = {
  "Account": {
    "id": "acc_01jd4k9m2x7qv3t8w5y6z0abcd",
    "object": "account",
    "legal_name": "Acme Traders Private Limited",
    "trade_name": "Acme Traders",
    "gstin": "29AABCU9603R1ZJ",
    "pan": "AABCU9603R",
    "state_code": "29",
    "address": {
      "line1": "12 MG Road",
      "line2": null,
      "city": "Bengaluru",
      "state_code": "29",
      "pin": "560001"
    },
    "plan": "growth",
    "subscription_status": "active",
    "invoice_number_format": "INV/{FY}/{SEQ:4}",
    "credit_note_number_format": "CN/{FY}/{SEQ:4}",
    "debit_note_number_format": "DN/{FY}/{SEQ:4}",
    "number_reset": "yearly",
    "books_closed_through": "2025-26",
    "created_at": "2026-11-22T06:30:00.000Z"
  } satisfies components["schemas"]["Account"],
  "AccountUpdate": {
    "trade_name": "Acme",
    "address": {
      "line1": "14 Residency Road",
      "line2": "Second floor",
      "city": "Bengaluru",
      "state_code": "29",
      "pin": "560025"
    }
  } satisfies components["schemas"]["AccountUpdate"],
  "ApiKey": {
    "id": "key_01jd4m3a9b8c7d6e5f4g3h2j1k",
    "object": "api_key",
    "livemode": false,
    "name": "Billing backend",
    "prefix": "sk_test_4fQ",
    "last4": "x9Kd",
    "scopes": [
      "invoices:read",
      "invoices:write"
    ],
    "expires_at": null,
    "revoked_at": "2026-11-23T10:00:00.000Z",
    "created_at": "2026-11-22T06:31:00.000Z"
  } satisfies components["schemas"]["ApiKey"],
  "ApiKeyCreate": {
    "name": "Billing backend",
    "scopes": [
      "invoices:read",
      "invoices:write"
    ]
  } satisfies components["schemas"]["ApiKeyCreate"],
  "ApiKeyList": {
    "object": "list",
    "data": [
      {
        "id": "key_01jd4m3a9b8c7d6e5f4g3h2j1k",
        "object": "api_key",
        "livemode": false,
        "name": "Billing backend",
        "prefix": "sk_test_4fQ",
        "last4": "x9Kd",
        "scopes": [
          "invoices:read",
          "invoices:write"
        ],
        "expires_at": null,
        "revoked_at": null,
        "created_at": "2026-11-22T06:31:00.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["ApiKeyList"],
  "ApiKeyRotate": {
    "old_key_expires_in": 86400
  } satisfies components["schemas"]["ApiKeyRotate"],
  "ApiKeyWithSecret": {
    "id": "key_01jd4m3a9b8c7d6e5f4g3h2j1k",
    "object": "api_key",
    "livemode": false,
    "name": "Billing backend",
    "prefix": "sk_test_4fQ",
    "last4": "x9Kd",
    "scopes": [
      "invoices:read",
      "invoices:write"
    ],
    "expires_at": null,
    "revoked_at": null,
    "created_at": "2026-11-22T06:31:00.000Z",
    "secret": "sk_test_4fQ8n2Lr7Tz1Vb5Xc9Md3Kp6Hs0Wg2Ye4Uj8Ra1x9Kd"
  } satisfies components["schemas"]["ApiKeyWithSecret"],
  "AuditEntryList": {
    "object": "list",
    "data": [
      {
        "id": "aud_01jd5c7e9g1j3k5m7n9p1r3s5t",
        "object": "audit_entry",
        "action": "api_key.created",
        "actor": {
          "type": "member",
          "id": "mem_01jd4x2y3z4a5b6c7d8e9f0g1h",
          "email": "owner@acme.example",
          "app_id": null
        },
        "target_id": "key_01jd5c6d8f0h2j4k6m8n0p2q4r",
        "livemode": true,
        "details": {
          "scopes": [
            "invoices:read"
          ]
        },
        "address": "203.0.113.7",
        "created_at": "2026-11-23T09:15:00.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["AuditEntryList"],
  "CreditNote": {
    "id": "crn_01jd5a3b4c5d6e7f8g9h0j1k2m",
    "object": "credit_note",
    "livemode": false,
    "number": "CN/26-27/000001",
    "date": "2026-11-26",
    "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
    "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "reason": "sales_return",
    "restock": true,
    "place_of_supply": "27",
    "supply_type": "inter_state",
    "reverse_charge": false,
    "sgst_label": "SGST",
    "items": [
      {
        "sku": "PEN-01",
        "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "description": "Ballpoint pen, blue",
        "hsn_code": "96081019",
        "unit": "NOS",
        "qty": 2,
        "rate": 99.99,
        "discount": 0,
        "taxable_value": 199.98,
        "gst_rate": 18,
        "cgst": 0,
        "sgst": 0,
        "igst": 36,
        "cess": 0,
        "total": 235.98
      }
    ],
    "taxable_value": 199.98,
    "cgst": 0,
    "sgst": 0,
    "igst": 36,
    "cess": 0,
    "round_off": 0.02,
    "total": 236,
    "credited_to_party": 0,
    "refund_due": 236,
    "irn": "21e711aa406fe5828638a7f70c800ba524d4680720b986386b5e3c22b47b508e",
    "ack_no": "264417813927964",
    "ack_date": "2026-11-26T12:49:03.000Z",
    "signed_qr_code": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiU2VsbGVyR3N0aW5cIjpcIjI5QUFCQ1U5NjAzUjFaSlwiLFwiQnV5ZXJHc3RpblwiOlwiMjdBQVBGVTA5MzlGMVpWXCIsXCJEb2NOb1wiOlwiQ04vMjYtMjcvMDAwMDAxXCIsXCJEb2NUeXBcIjpcIkNSTlwiLFwiRG9jRHRcIjpcIjI2LzExLzIwMjZcIixcIlRvdEludlZhbFwiOjIzNixcIkl0ZW1DbnRcIjoxLFwiTWFpbkhzbkNvZGVcIjpcIjk2MDgxMDE5XCIsXCJJcm5cIjpcIjIxZTcxMWFhNDA2ZmU1ODI4NjM4YTdmNzBjODAwYmE1MjRkNDY4MDcyMGI5ODYzODZiNWUzYzIyYjQ3YjUwOGVcIixcIklybkR0XCI6XCIyMDI2LTExLTI2IDE4OjE5OjAzXCJ9IiwiaXNzIjoiQmFoaSBJUlAgc2FuZGJveCJ9.Ev8kma_glbXGXbbo1Djx5l3EolVttdqfX3Qx5QWYZLT0dGsyQoTWaNIaHtDxDQu_jZR1PvsFKvTF4EVkw2CCJBKZ1TdiFFkzN4SU_k0ursCrNObuWHvSICiO8_OAo_EtxXgpqG_sXTAuwCJSaeP7W4DT7pXbE5-K18MwaZZ5uhyj7S6XtEMsDCMwKodFBBZV07y7Rq70PIE7XZD3R-F3TnQ3FF8NkCAUDlcJd4Ak1yJ2SLwXKej1PqX9Cm55AmDNxacxmV1hwYo_HUYfbfgQTRMV7nzZglL8nOfSGxIApmWaUXSltf5aHoTmYuXal7VbMppMPvA8nPWpAfLlELFfgA",
    "signed_invoice": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiQWNrTm9cIjoyNjQ0MTc4MTM5Mjc5NjQsXCJBY2tEdFwiOlwiMjAyNi0xMS0yNiAxODoxOTowM1wiLFwiSXJuXCI6XCIyMWU3MTFhYTQwNmZlNTgyODYzOGE3ZjcwYzgwMGJhNTI0ZDQ2ODA3MjBiOTg2Mzg2YjVlM2MyMmI0N2I1MDhlXCIsXCJWZXJzaW9uXCI6XCIxLjFcIixcIlRyYW5EdGxzXCI6e1wiVGF4U2NoXCI6XCJHU1RcIixcIlN1cFR5cFwiOlwiQjJCXCIsXCJSZWdSZXZcIjpcIk5cIn0sXCJEb2NEdGxzXCI6e1wiVHlwXCI6XCJDUk5cIixcIk5vXCI6XCJDTi8yNi0yNy8wMDAwMDFcIixcIkR0XCI6XCIyNi8xMS8yMDI2XCJ9LFwiU2VsbGVyRHRsc1wiOntcIkdzdGluXCI6XCIyOUFBQkNVOTYwM1IxWkpcIixcIkxnbE5tXCI6XCJBY21lIFRyYWRlcnMgUHJpdmF0ZSBMaW1pdGVkXCIsXCJBZGRyMVwiOlwiMTIgTUcgUm9hZFwiLFwiTG9jXCI6XCJCZW5nYWx1cnVcIixcIlBpblwiOjU2MDAwMSxcIlN0Y2RcIjpcIjI5XCJ9LFwiQnV5ZXJEdGxzXCI6e1wiR3N0aW5cIjpcIjI3QUFQRlUwOTM5RjFaVlwiLFwiTGdsTm1cIjpcIlNoYXJtYSBFbGVjdHJvbmljc1wiLFwiUG9zXCI6XCIyN1wiLFwiQWRkcjFcIjpcIlNob3AgMTQsIExhbWluZ3RvbiBSb2FkXCIsXCJMb2NcIjpcIk11bWJhaVwiLFwiUGluXCI6NDAwMDA3LFwiU3RjZFwiOlwiMjdcIn0sXCJJdGVtTGlzdFwiOlt7XCJTbE5vXCI6XCIxXCIsXCJQcmREZXNjXCI6XCJCYWxscG9pbnQgcGVuLCBibHVlXCIsXCJJc1NlcnZjXCI6XCJOXCIsXCJIc25DZFwiOlwiOTYwODEwMTlcIixcIlF0eVwiOjIsXCJVbml0XCI6XCJOT1NcIixcIlVuaXRQcmljZVwiOjk5Ljk5LFwiVG90QW10XCI6MTk5Ljk4LFwiRGlzY291bnRcIjowLFwiQXNzQW10XCI6MTk5Ljk4LFwiR3N0UnRcIjoxOCxcIklnc3RBbXRcIjozNixcIkNnc3RBbXRcIjowLFwiU2dzdEFtdFwiOjAsXCJDZXNSdFwiOjAsXCJDZXNBbXRcIjowLFwiVG90SXRlbVZhbFwiOjIzNS45OH1dLFwiUmVmRHRsc1wiOntcIlByZWNEb2NEdGxzXCI6W3tcIkludk5vXCI6XCJJTlYvMjYtMjcvMDAwMDAxXCIsXCJJbnZEdFwiOlwiMjMvMTEvMjAyNlwifV19LFwiVmFsRHRsc1wiOntcIkFzc1ZhbFwiOjE5OS45OCxcIkNnc3RWYWxcIjowLFwiU2dzdFZhbFwiOjAsXCJJZ3N0VmFsXCI6MzYsXCJDZXNWYWxcIjowLFwiRGlzY291bnRcIjowLFwiT3RoQ2hyZ1wiOjAsXCJSbmRPZmZBbXRcIjowLjAyLFwiVG90SW52VmFsXCI6MjM2fX0iLCJpc3MiOiJCYWhpIElSUCBzYW5kYm94In0.ZbuCUfkn524G3aaF3GMjrpb5jk_6YYAGIyqJvUguKeiLQiF9zyF-eOvuH9dOoONv-MU9kWrnpJG9F1HqWlSfbT_YXfML7veKmVeUnedqKpbpIRlK6xpznctOhiiWTRmmKyzRboQr6e5Vi8_QCfyS9_w5os-XeRUjVc4weEytwnKIKXC3qQgaurnEv0mhSNWYHhNulPmOljrNsUqcBVMBWPtnG6GLNHhIAVBnh3PGkIFCn_udYEf7Xb7fcGllLe1ITurwYsfDQQGIOM-QPKHC05-31rE0H1T9re4qHW_Alb3sMwKqHbHWae0AIsuBInTU5zMKI2aHMzSLMNoBR1fckg",
    "einvoice_status": "registered",
    "einvoice_error": null,
    "created_at": "2026-11-26T12:49:03.324Z"
  } satisfies components["schemas"]["CreditNote"],
  "CreditNoteCreate": {
    "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
    "reason": "sales_return",
    "date": "2026-11-26",
    "items": [
      {
        "sku": "PEN-01",
        "qty": 2
      }
    ]
  } satisfies components["schemas"]["CreditNoteCreate"],
  "CreditNoteList": {
    "object": "list",
    "data": [
      {
        "id": "crn_01jd5a3b4c5d6e7f8g9h0j1k2m",
        "object": "credit_note",
        "livemode": false,
        "number": "CN/26-27/000001",
        "date": "2026-11-26",
        "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
        "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
        "reason": "sales_return",
        "restock": true,
        "place_of_supply": "27",
        "supply_type": "inter_state",
        "reverse_charge": false,
        "sgst_label": "SGST",
        "items": [
          {
            "sku": "PEN-01",
            "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
            "description": "Ballpoint pen, blue",
            "hsn_code": "96081019",
            "unit": "NOS",
            "qty": 2,
            "rate": 99.99,
            "discount": 0,
            "taxable_value": 199.98,
            "gst_rate": 18,
            "cgst": 0,
            "sgst": 0,
            "igst": 36,
            "cess": 0,
            "total": 235.98
          }
        ],
        "taxable_value": 199.98,
        "cgst": 0,
        "sgst": 0,
        "igst": 36,
        "cess": 0,
        "round_off": 0.02,
        "total": 236,
        "credited_to_party": 0,
        "refund_due": 236,
        "irn": "21e711aa406fe5828638a7f70c800ba524d4680720b986386b5e3c22b47b508e",
        "ack_no": "264417813927964",
        "ack_date": "2026-11-26T12:49:03.000Z",
        "signed_qr_code": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiU2VsbGVyR3N0aW5cIjpcIjI5QUFCQ1U5NjAzUjFaSlwiLFwiQnV5ZXJHc3RpblwiOlwiMjdBQVBGVTA5MzlGMVpWXCIsXCJEb2NOb1wiOlwiQ04vMjYtMjcvMDAwMDAxXCIsXCJEb2NUeXBcIjpcIkNSTlwiLFwiRG9jRHRcIjpcIjI2LzExLzIwMjZcIixcIlRvdEludlZhbFwiOjIzNixcIkl0ZW1DbnRcIjoxLFwiTWFpbkhzbkNvZGVcIjpcIjk2MDgxMDE5XCIsXCJJcm5cIjpcIjIxZTcxMWFhNDA2ZmU1ODI4NjM4YTdmNzBjODAwYmE1MjRkNDY4MDcyMGI5ODYzODZiNWUzYzIyYjQ3YjUwOGVcIixcIklybkR0XCI6XCIyMDI2LTExLTI2IDE4OjE5OjAzXCJ9IiwiaXNzIjoiQmFoaSBJUlAgc2FuZGJveCJ9.Ev8kma_glbXGXbbo1Djx5l3EolVttdqfX3Qx5QWYZLT0dGsyQoTWaNIaHtDxDQu_jZR1PvsFKvTF4EVkw2CCJBKZ1TdiFFkzN4SU_k0ursCrNObuWHvSICiO8_OAo_EtxXgpqG_sXTAuwCJSaeP7W4DT7pXbE5-K18MwaZZ5uhyj7S6XtEMsDCMwKodFBBZV07y7Rq70PIE7XZD3R-F3TnQ3FF8NkCAUDlcJd4Ak1yJ2SLwXKej1PqX9Cm55AmDNxacxmV1hwYo_HUYfbfgQTRMV7nzZglL8nOfSGxIApmWaUXSltf5aHoTmYuXal7VbMppMPvA8nPWpAfLlELFfgA",
        "signed_invoice": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiQWNrTm9cIjoyNjQ0MTc4MTM5Mjc5NjQsXCJBY2tEdFwiOlwiMjAyNi0xMS0yNiAxODoxOTowM1wiLFwiSXJuXCI6XCIyMWU3MTFhYTQwNmZlNTgyODYzOGE3ZjcwYzgwMGJhNTI0ZDQ2ODA3MjBiOTg2Mzg2YjVlM2MyMmI0N2I1MDhlXCIsXCJWZXJzaW9uXCI6XCIxLjFcIixcIlRyYW5EdGxzXCI6e1wiVGF4U2NoXCI6XCJHU1RcIixcIlN1cFR5cFwiOlwiQjJCXCIsXCJSZWdSZXZcIjpcIk5cIn0sXCJEb2NEdGxzXCI6e1wiVHlwXCI6XCJDUk5cIixcIk5vXCI6XCJDTi8yNi0yNy8wMDAwMDFcIixcIkR0XCI6XCIyNi8xMS8yMDI2XCJ9LFwiU2VsbGVyRHRsc1wiOntcIkdzdGluXCI6XCIyOUFBQkNVOTYwM1IxWkpcIixcIkxnbE5tXCI6XCJBY21lIFRyYWRlcnMgUHJpdmF0ZSBMaW1pdGVkXCIsXCJBZGRyMVwiOlwiMTIgTUcgUm9hZFwiLFwiTG9jXCI6XCJCZW5nYWx1cnVcIixcIlBpblwiOjU2MDAwMSxcIlN0Y2RcIjpcIjI5XCJ9LFwiQnV5ZXJEdGxzXCI6e1wiR3N0aW5cIjpcIjI3QUFQRlUwOTM5RjFaVlwiLFwiTGdsTm1cIjpcIlNoYXJtYSBFbGVjdHJvbmljc1wiLFwiUG9zXCI6XCIyN1wiLFwiQWRkcjFcIjpcIlNob3AgMTQsIExhbWluZ3RvbiBSb2FkXCIsXCJMb2NcIjpcIk11bWJhaVwiLFwiUGluXCI6NDAwMDA3LFwiU3RjZFwiOlwiMjdcIn0sXCJJdGVtTGlzdFwiOlt7XCJTbE5vXCI6XCIxXCIsXCJQcmREZXNjXCI6XCJCYWxscG9pbnQgcGVuLCBibHVlXCIsXCJJc1NlcnZjXCI6XCJOXCIsXCJIc25DZFwiOlwiOTYwODEwMTlcIixcIlF0eVwiOjIsXCJVbml0XCI6XCJOT1NcIixcIlVuaXRQcmljZVwiOjk5Ljk5LFwiVG90QW10XCI6MTk5Ljk4LFwiRGlzY291bnRcIjowLFwiQXNzQW10XCI6MTk5Ljk4LFwiR3N0UnRcIjoxOCxcIklnc3RBbXRcIjozNixcIkNnc3RBbXRcIjowLFwiU2dzdEFtdFwiOjAsXCJDZXNSdFwiOjAsXCJDZXNBbXRcIjowLFwiVG90SXRlbVZhbFwiOjIzNS45OH1dLFwiUmVmRHRsc1wiOntcIlByZWNEb2NEdGxzXCI6W3tcIkludk5vXCI6XCJJTlYvMjYtMjcvMDAwMDAxXCIsXCJJbnZEdFwiOlwiMjMvMTEvMjAyNlwifV19LFwiVmFsRHRsc1wiOntcIkFzc1ZhbFwiOjE5OS45OCxcIkNnc3RWYWxcIjowLFwiU2dzdFZhbFwiOjAsXCJJZ3N0VmFsXCI6MzYsXCJDZXNWYWxcIjowLFwiRGlzY291bnRcIjowLFwiT3RoQ2hyZ1wiOjAsXCJSbmRPZmZBbXRcIjowLjAyLFwiVG90SW52VmFsXCI6MjM2fX0iLCJpc3MiOiJCYWhpIElSUCBzYW5kYm94In0.ZbuCUfkn524G3aaF3GMjrpb5jk_6YYAGIyqJvUguKeiLQiF9zyF-eOvuH9dOoONv-MU9kWrnpJG9F1HqWlSfbT_YXfML7veKmVeUnedqKpbpIRlK6xpznctOhiiWTRmmKyzRboQr6e5Vi8_QCfyS9_w5os-XeRUjVc4weEytwnKIKXC3qQgaurnEv0mhSNWYHhNulPmOljrNsUqcBVMBWPtnG6GLNHhIAVBnh3PGkIFCn_udYEf7Xb7fcGllLe1ITurwYsfDQQGIOM-QPKHC05-31rE0H1T9re4qHW_Alb3sMwKqHbHWae0AIsuBInTU5zMKI2aHMzSLMNoBR1fckg",
        "einvoice_status": "registered",
        "einvoice_error": null,
        "created_at": "2026-11-26T12:49:03.324Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["CreditNoteList"],
  "DebitNote": {
    "id": "dbn_01jd5c7d8e9f0g1h2j3k4m5n6p",
    "object": "debit_note",
    "livemode": false,
    "number": "DN/26-27/000001",
    "date": "2026-11-26",
    "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
    "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "reason": "price_revision",
    "place_of_supply": "27",
    "supply_type": "inter_state",
    "reverse_charge": false,
    "sgst_label": "SGST",
    "items": [
      {
        "sku": "PEN-01",
        "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "description": "Ballpoint pen, blue",
        "hsn_code": "96081019",
        "unit": "NOS",
        "taxable_value": 50,
        "gst_rate": 18,
        "cgst": 0,
        "sgst": 0,
        "igst": 9,
        "cess": 0,
        "total": 59
      }
    ],
    "taxable_value": 50,
    "cgst": 0,
    "sgst": 0,
    "igst": 9,
    "cess": 0,
    "round_off": 0,
    "total": 59,
    "irn": "841dc2eb1777c8180f1cd4b7075cca94e02e7b90b5f091a2812989e41eb44785",
    "ack_no": "267738513948553",
    "ack_date": "2026-11-26T12:49:03.000Z",
    "signed_qr_code": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiU2VsbGVyR3N0aW5cIjpcIjI5QUFCQ1U5NjAzUjFaSlwiLFwiQnV5ZXJHc3RpblwiOlwiMjdBQVBGVTA5MzlGMVpWXCIsXCJEb2NOb1wiOlwiRE4vMjYtMjcvMDAwMDAxXCIsXCJEb2NUeXBcIjpcIkRCTlwiLFwiRG9jRHRcIjpcIjI2LzExLzIwMjZcIixcIlRvdEludlZhbFwiOjU5LFwiSXRlbUNudFwiOjEsXCJNYWluSHNuQ29kZVwiOlwiOTYwODEwMTlcIixcIklyblwiOlwiODQxZGMyZWIxNzc3YzgxODBmMWNkNGI3MDc1Y2NhOTRlMDJlN2I5MGI1ZjA5MWEyODEyOTg5ZTQxZWI0NDc4NVwiLFwiSXJuRHRcIjpcIjIwMjYtMTEtMjYgMTg6MTk6MDNcIn0iLCJpc3MiOiJCYWhpIElSUCBzYW5kYm94In0.I_IiOOJb8_aAplSk4dpQ3lV6fYAiEtWGF6cQ8NVjfgb35I2_0f6IF4VJ1JmfGLNtyjXEEYf-a2AU5Pm5w5T0SVqT3cL3RiNJNJkA1_xGiwdaZmiO79nWs9OK8wkTutzj-cRhdMVgEdczrMgI5Ns62gSBVOw8N7bLmNlNa8uginUy2UvB0LPI-Fej0NSHsXbb9MpULzZDBGu0SYDcNGB3QScmzTD1VIyovLFloYkXrRyJBPnrMzos-Tdi2nTA2iKNq-W8JYV62J9j5TkPofu1rhi-ssJ4ohjj2xxfqyPbXts1pUnPmx21rahS0idGAsfuJrUa_EMtznWEmO7OJFLBzA",
    "signed_invoice": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiQWNrTm9cIjoyNjc3Mzg1MTM5NDg1NTMsXCJBY2tEdFwiOlwiMjAyNi0xMS0yNiAxODoxOTowM1wiLFwiSXJuXCI6XCI4NDFkYzJlYjE3NzdjODE4MGYxY2Q0YjcwNzVjY2E5NGUwMmU3YjkwYjVmMDkxYTI4MTI5ODllNDFlYjQ0Nzg1XCIsXCJWZXJzaW9uXCI6XCIxLjFcIixcIlRyYW5EdGxzXCI6e1wiVGF4U2NoXCI6XCJHU1RcIixcIlN1cFR5cFwiOlwiQjJCXCIsXCJSZWdSZXZcIjpcIk5cIn0sXCJEb2NEdGxzXCI6e1wiVHlwXCI6XCJEQk5cIixcIk5vXCI6XCJETi8yNi0yNy8wMDAwMDFcIixcIkR0XCI6XCIyNi8xMS8yMDI2XCJ9LFwiU2VsbGVyRHRsc1wiOntcIkdzdGluXCI6XCIyOUFBQkNVOTYwM1IxWkpcIixcIkxnbE5tXCI6XCJBY21lIFRyYWRlcnMgUHJpdmF0ZSBMaW1pdGVkXCIsXCJBZGRyMVwiOlwiMTIgTUcgUm9hZFwiLFwiTG9jXCI6XCJCZW5nYWx1cnVcIixcIlBpblwiOjU2MDAwMSxcIlN0Y2RcIjpcIjI5XCJ9LFwiQnV5ZXJEdGxzXCI6e1wiR3N0aW5cIjpcIjI3QUFQRlUwOTM5RjFaVlwiLFwiTGdsTm1cIjpcIlNoYXJtYSBFbGVjdHJvbmljc1wiLFwiUG9zXCI6XCIyN1wiLFwiQWRkcjFcIjpcIlNob3AgMTQsIExhbWluZ3RvbiBSb2FkXCIsXCJMb2NcIjpcIk11bWJhaVwiLFwiUGluXCI6NDAwMDA3LFwiU3RjZFwiOlwiMjdcIn0sXCJJdGVtTGlzdFwiOlt7XCJTbE5vXCI6XCIxXCIsXCJQcmREZXNjXCI6XCJCYWxscG9pbnQgcGVuLCBibHVlXCIsXCJJc1NlcnZjXCI6XCJOXCIsXCJIc25DZFwiOlwiOTYwODEwMTlcIixcIlF0eVwiOjEsXCJVbml0XCI6XCJOT1NcIixcIlVuaXRQcmljZVwiOjUwLFwiVG90QW10XCI6NTAsXCJEaXNjb3VudFwiOjAsXCJBc3NBbXRcIjo1MCxcIkdzdFJ0XCI6MTgsXCJJZ3N0QW10XCI6OSxcIkNnc3RBbXRcIjowLFwiU2dzdEFtdFwiOjAsXCJDZXNSdFwiOjAsXCJDZXNBbXRcIjowLFwiVG90SXRlbVZhbFwiOjU5fV0sXCJSZWZEdGxzXCI6e1wiUHJlY0RvY0R0bHNcIjpbe1wiSW52Tm9cIjpcIklOVi8yNi0yNy8wMDAwMDFcIixcIkludkR0XCI6XCIyMy8xMS8yMDI2XCJ9XX0sXCJWYWxEdGxzXCI6e1wiQXNzVmFsXCI6NTAsXCJDZ3N0VmFsXCI6MCxcIlNnc3RWYWxcIjowLFwiSWdzdFZhbFwiOjksXCJDZXNWYWxcIjowLFwiRGlzY291bnRcIjowLFwiT3RoQ2hyZ1wiOjAsXCJSbmRPZmZBbXRcIjowLFwiVG90SW52VmFsXCI6NTl9fSIsImlzcyI6IkJhaGkgSVJQIHNhbmRib3gifQ.HYQ1bdR1Ab8LhXiaYAMW94FSZicPL4ZSdRxpzjLRgHjSRWkFkX8L-nzQwKzin_u-4WYICJeTMUCepSn3GQYeJ72_cG3ECbXvXAoP99WcwVFcHCEMXNAFW81fxvuQ6SqWbYPsz_wxygZbfSCy9FyZGo5WykiLp7S5reSYCeezvVoVpvbXIBm0LpZhtvDl4_KiqQGtX8pMs2by1qCUUV5kBK3eiSCeAacWognRCr9EXgl0xoJxYK_jfZM7XGHl3DKw2MRm5xUSN1ym3hPjjlY7NBbuLKX4dFcWlDHfzNYSoI8qFeM3wXjvNpKr7d-g3vRkmx8VNGXLbuBh68WCUF8-Hg",
    "einvoice_status": "registered",
    "einvoice_error": null,
    "created_at": "2026-11-26T12:49:03.645Z"
  } satisfies components["schemas"]["DebitNote"],
  "DebitNoteCreate": {
    "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
    "reason": "price_revision",
    "date": "2026-11-26",
    "items": [
      {
        "sku": "PEN-01",
        "taxable_value": 50
      }
    ]
  } satisfies components["schemas"]["DebitNoteCreate"],
  "DebitNoteList": {
    "object": "list",
    "data": [
      {
        "id": "dbn_01jd5c7d8e9f0g1h2j3k4m5n6p",
        "object": "debit_note",
        "livemode": false,
        "number": "DN/26-27/000001",
        "date": "2026-11-26",
        "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
        "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
        "reason": "price_revision",
        "place_of_supply": "27",
        "supply_type": "inter_state",
        "reverse_charge": false,
        "sgst_label": "SGST",
        "items": [
          {
            "sku": "PEN-01",
            "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
            "description": "Ballpoint pen, blue",
            "hsn_code": "96081019",
            "unit": "NOS",
            "taxable_value": 50,
            "gst_rate": 18,
            "cgst": 0,
            "sgst": 0,
            "igst": 9,
            "cess": 0,
            "total": 59
          }
        ],
        "taxable_value": 50,
        "cgst": 0,
        "sgst": 0,
        "igst": 9,
        "cess": 0,
        "round_off": 0,
        "total": 59,
        "irn": "841dc2eb1777c8180f1cd4b7075cca94e02e7b90b5f091a2812989e41eb44785",
        "ack_no": "267738513948553",
        "ack_date": "2026-11-26T12:49:03.000Z",
        "signed_qr_code": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiU2VsbGVyR3N0aW5cIjpcIjI5QUFCQ1U5NjAzUjFaSlwiLFwiQnV5ZXJHc3RpblwiOlwiMjdBQVBGVTA5MzlGMVpWXCIsXCJEb2NOb1wiOlwiRE4vMjYtMjcvMDAwMDAxXCIsXCJEb2NUeXBcIjpcIkRCTlwiLFwiRG9jRHRcIjpcIjI2LzExLzIwMjZcIixcIlRvdEludlZhbFwiOjU5LFwiSXRlbUNudFwiOjEsXCJNYWluSHNuQ29kZVwiOlwiOTYwODEwMTlcIixcIklyblwiOlwiODQxZGMyZWIxNzc3YzgxODBmMWNkNGI3MDc1Y2NhOTRlMDJlN2I5MGI1ZjA5MWEyODEyOTg5ZTQxZWI0NDc4NVwiLFwiSXJuRHRcIjpcIjIwMjYtMTEtMjYgMTg6MTk6MDNcIn0iLCJpc3MiOiJCYWhpIElSUCBzYW5kYm94In0.I_IiOOJb8_aAplSk4dpQ3lV6fYAiEtWGF6cQ8NVjfgb35I2_0f6IF4VJ1JmfGLNtyjXEEYf-a2AU5Pm5w5T0SVqT3cL3RiNJNJkA1_xGiwdaZmiO79nWs9OK8wkTutzj-cRhdMVgEdczrMgI5Ns62gSBVOw8N7bLmNlNa8uginUy2UvB0LPI-Fej0NSHsXbb9MpULzZDBGu0SYDcNGB3QScmzTD1VIyovLFloYkXrRyJBPnrMzos-Tdi2nTA2iKNq-W8JYV62J9j5TkPofu1rhi-ssJ4ohjj2xxfqyPbXts1pUnPmx21rahS0idGAsfuJrUa_EMtznWEmO7OJFLBzA",
        "signed_invoice": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiQWNrTm9cIjoyNjc3Mzg1MTM5NDg1NTMsXCJBY2tEdFwiOlwiMjAyNi0xMS0yNiAxODoxOTowM1wiLFwiSXJuXCI6XCI4NDFkYzJlYjE3NzdjODE4MGYxY2Q0YjcwNzVjY2E5NGUwMmU3YjkwYjVmMDkxYTI4MTI5ODllNDFlYjQ0Nzg1XCIsXCJWZXJzaW9uXCI6XCIxLjFcIixcIlRyYW5EdGxzXCI6e1wiVGF4U2NoXCI6XCJHU1RcIixcIlN1cFR5cFwiOlwiQjJCXCIsXCJSZWdSZXZcIjpcIk5cIn0sXCJEb2NEdGxzXCI6e1wiVHlwXCI6XCJEQk5cIixcIk5vXCI6XCJETi8yNi0yNy8wMDAwMDFcIixcIkR0XCI6XCIyNi8xMS8yMDI2XCJ9LFwiU2VsbGVyRHRsc1wiOntcIkdzdGluXCI6XCIyOUFBQkNVOTYwM1IxWkpcIixcIkxnbE5tXCI6XCJBY21lIFRyYWRlcnMgUHJpdmF0ZSBMaW1pdGVkXCIsXCJBZGRyMVwiOlwiMTIgTUcgUm9hZFwiLFwiTG9jXCI6XCJCZW5nYWx1cnVcIixcIlBpblwiOjU2MDAwMSxcIlN0Y2RcIjpcIjI5XCJ9LFwiQnV5ZXJEdGxzXCI6e1wiR3N0aW5cIjpcIjI3QUFQRlUwOTM5RjFaVlwiLFwiTGdsTm1cIjpcIlNoYXJtYSBFbGVjdHJvbmljc1wiLFwiUG9zXCI6XCIyN1wiLFwiQWRkcjFcIjpcIlNob3AgMTQsIExhbWluZ3RvbiBSb2FkXCIsXCJMb2NcIjpcIk11bWJhaVwiLFwiUGluXCI6NDAwMDA3LFwiU3RjZFwiOlwiMjdcIn0sXCJJdGVtTGlzdFwiOlt7XCJTbE5vXCI6XCIxXCIsXCJQcmREZXNjXCI6XCJCYWxscG9pbnQgcGVuLCBibHVlXCIsXCJJc1NlcnZjXCI6XCJOXCIsXCJIc25DZFwiOlwiOTYwODEwMTlcIixcIlF0eVwiOjEsXCJVbml0XCI6XCJOT1NcIixcIlVuaXRQcmljZVwiOjUwLFwiVG90QW10XCI6NTAsXCJEaXNjb3VudFwiOjAsXCJBc3NBbXRcIjo1MCxcIkdzdFJ0XCI6MTgsXCJJZ3N0QW10XCI6OSxcIkNnc3RBbXRcIjowLFwiU2dzdEFtdFwiOjAsXCJDZXNSdFwiOjAsXCJDZXNBbXRcIjowLFwiVG90SXRlbVZhbFwiOjU5fV0sXCJSZWZEdGxzXCI6e1wiUHJlY0RvY0R0bHNcIjpbe1wiSW52Tm9cIjpcIklOVi8yNi0yNy8wMDAwMDFcIixcIkludkR0XCI6XCIyMy8xMS8yMDI2XCJ9XX0sXCJWYWxEdGxzXCI6e1wiQXNzVmFsXCI6NTAsXCJDZ3N0VmFsXCI6MCxcIlNnc3RWYWxcIjowLFwiSWdzdFZhbFwiOjksXCJDZXNWYWxcIjowLFwiRGlzY291bnRcIjowLFwiT3RoQ2hyZ1wiOjAsXCJSbmRPZmZBbXRcIjowLFwiVG90SW52VmFsXCI6NTl9fSIsImlzcyI6IkJhaGkgSVJQIHNhbmRib3gifQ.HYQ1bdR1Ab8LhXiaYAMW94FSZicPL4ZSdRxpzjLRgHjSRWkFkX8L-nzQwKzin_u-4WYICJeTMUCepSn3GQYeJ72_cG3ECbXvXAoP99WcwVFcHCEMXNAFW81fxvuQ6SqWbYPsz_wxygZbfSCy9FyZGo5WykiLp7S5reSYCeezvVoVpvbXIBm0LpZhtvDl4_KiqQGtX8pMs2by1qCUUV5kBK3eiSCeAacWognRCr9EXgl0xoJxYK_jfZM7XGHl3DKw2MRm5xUSN1ym3hPjjlY7NBbuLKX4dFcWlDHfzNYSoI8qFeM3wXjvNpKr7d-g3vRkmx8VNGXLbuBh68WCUF8-Hg",
        "einvoice_status": "registered",
        "einvoice_error": null,
        "created_at": "2026-11-26T12:49:03.645Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["DebitNoteList"],
  "EInvoice": {
    "Version": "1.1",
    "TranDtls": {
      "TaxSch": "GST",
      "SupTyp": "B2B",
      "RegRev": "N"
    },
    "DocDtls": {
      "Typ": "INV",
      "No": "INV/26-27/000001",
      "Dt": "23/11/2026"
    },
    "SellerDtls": {
      "Gstin": "29AABCU9603R1ZJ",
      "LglNm": "Acme Traders Private Limited",
      "Addr1": "12 MG Road",
      "Loc": "Bengaluru",
      "Pin": 560001,
      "Stcd": "29"
    },
    "BuyerDtls": {
      "Gstin": "27AAPFU0939F1ZV",
      "LglNm": "Sharma Electronics",
      "Pos": "27",
      "Addr1": "Shop 14, Lamington Road",
      "Loc": "Mumbai",
      "Pin": 400007,
      "Stcd": "27"
    },
    "ItemList": [
      {
        "SlNo": "1",
        "PrdDesc": "Ballpoint pen, blue",
        "IsServc": "N",
        "HsnCd": "96081019",
        "Qty": 23,
        "Unit": "NOS",
        "UnitPrice": 99.99,
        "TotAmt": 2299.77,
        "Discount": 0,
        "AssAmt": 2299.77,
        "GstRt": 18,
        "IgstAmt": 413.96,
        "CgstAmt": 0,
        "SgstAmt": 0,
        "CesRt": 0,
        "CesAmt": 0,
        "TotItemVal": 2713.73
      },
      {
        "SlNo": "2",
        "PrdDesc": "Installation service",
        "IsServc": "Y",
        "HsnCd": "998719",
        "Qty": 1,
        "UnitPrice": 1500,
        "TotAmt": 1500,
        "Discount": 100,
        "AssAmt": 1400,
        "GstRt": 18,
        "IgstAmt": 252,
        "CgstAmt": 0,
        "SgstAmt": 0,
        "CesRt": 0,
        "CesAmt": 0,
        "TotItemVal": 1652
      }
    ],
    "ValDtls": {
      "AssVal": 3699.77,
      "CgstVal": 0,
      "SgstVal": 0,
      "IgstVal": 665.96,
      "CesVal": 0,
      "Discount": 0,
      "OthChrg": 0,
      "RndOffAmt": 0.27,
      "TotInvVal": 4366
    }
  } satisfies components["schemas"]["EInvoice"],
  "EInvoiceCreditNote": {
    "Version": "1.1",
    "TranDtls": {
      "TaxSch": "GST",
      "SupTyp": "B2B",
      "RegRev": "N"
    },
    "DocDtls": {
      "Typ": "CRN",
      "No": "CN/26-27/000001",
      "Dt": "26/11/2026"
    },
    "SellerDtls": {
      "Gstin": "29AABCU9603R1ZJ",
      "LglNm": "Acme Traders Private Limited",
      "Addr1": "12 MG Road",
      "Loc": "Bengaluru",
      "Pin": 560001,
      "Stcd": "29"
    },
    "BuyerDtls": {
      "Gstin": "27AAPFU0939F1ZV",
      "LglNm": "Sharma Electronics",
      "Pos": "27",
      "Addr1": "Shop 14, Lamington Road",
      "Loc": "Mumbai",
      "Pin": 400007,
      "Stcd": "27"
    },
    "ItemList": [
      {
        "SlNo": "1",
        "PrdDesc": "Ballpoint pen, blue",
        "IsServc": "N",
        "HsnCd": "96081019",
        "Qty": 2,
        "Unit": "NOS",
        "UnitPrice": 99.99,
        "TotAmt": 199.98,
        "Discount": 0,
        "AssAmt": 199.98,
        "GstRt": 18,
        "IgstAmt": 36,
        "CgstAmt": 0,
        "SgstAmt": 0,
        "CesRt": 0,
        "CesAmt": 0,
        "TotItemVal": 235.98
      }
    ],
    "RefDtls": {
      "PrecDocDtls": [
        {
          "InvNo": "INV/26-27/000001",
          "InvDt": "23/11/2026"
        }
      ]
    },
    "ValDtls": {
      "AssVal": 199.98,
      "CgstVal": 0,
      "SgstVal": 0,
      "IgstVal": 36,
      "CesVal": 0,
      "Discount": 0,
      "OthChrg": 0,
      "RndOffAmt": 0.02,
      "TotInvVal": 236
    }
  } satisfies components["schemas"]["EInvoice"],
  "EInvoiceDebitNote": {
    "Version": "1.1",
    "TranDtls": {
      "TaxSch": "GST",
      "SupTyp": "B2B",
      "RegRev": "N"
    },
    "DocDtls": {
      "Typ": "DBN",
      "No": "DN/26-27/000001",
      "Dt": "26/11/2026"
    },
    "SellerDtls": {
      "Gstin": "29AABCU9603R1ZJ",
      "LglNm": "Acme Traders Private Limited",
      "Addr1": "12 MG Road",
      "Loc": "Bengaluru",
      "Pin": 560001,
      "Stcd": "29"
    },
    "BuyerDtls": {
      "Gstin": "27AAPFU0939F1ZV",
      "LglNm": "Sharma Electronics",
      "Pos": "27",
      "Addr1": "Shop 14, Lamington Road",
      "Loc": "Mumbai",
      "Pin": 400007,
      "Stcd": "27"
    },
    "ItemList": [
      {
        "SlNo": "1",
        "PrdDesc": "Ballpoint pen, blue",
        "IsServc": "N",
        "HsnCd": "96081019",
        "Qty": 1,
        "Unit": "NOS",
        "UnitPrice": 50,
        "TotAmt": 50,
        "Discount": 0,
        "AssAmt": 50,
        "GstRt": 18,
        "IgstAmt": 9,
        "CgstAmt": 0,
        "SgstAmt": 0,
        "CesRt": 0,
        "CesAmt": 0,
        "TotItemVal": 59
      }
    ],
    "RefDtls": {
      "PrecDocDtls": [
        {
          "InvNo": "INV/26-27/000001",
          "InvDt": "23/11/2026"
        }
      ]
    },
    "ValDtls": {
      "AssVal": 50,
      "CgstVal": 0,
      "SgstVal": 0,
      "IgstVal": 9,
      "CesVal": 0,
      "Discount": 0,
      "OthChrg": 0,
      "RndOffAmt": 0,
      "TotInvVal": 59
    }
  } satisfies components["schemas"]["EInvoice"],
  "EInvoiceJwks": {
    "keys": [
      {
        "kty": "RSA",
        "use": "sig",
        "alg": "RS256",
        "kid": "TXmb4XwUjfgjS5YkGSSILA_HA15Ffe72s9-7X4UpxdA",
        "n": "n2UxSrLmhhVRoTCBLxNdNhtDLAvvY-IRqX7syDiXqZutrTrf1PTp-G_b64h5T_EDt2RW-U_70Fx6eUC28dL5liTGPxdbWsQRCSo0S-YuVJx1h4yI2lRUZj9uzYeTyWWBftoOHqJnOnrrTKzDEu03Ghb5vpiAeqP4itgEhxCLJg5_R_cGqbulnYA8a54Ioka78wi7N0u8TER7WGAcAAibFAIsL_FkbgOe6KGQzJBd5tFAbUIcNLayKfnXkWWxCd9R5NbnKTedIEUHwFENSuRzyslJrOkWNwdJvf2d840xZEv6xn4uvWHA-DL4Gu7PeBRPeVK5dvpw3qCfAncv1dW3DQ",
        "e": "AQAB"
      }
    ]
  } satisfies components["schemas"]["EInvoiceJwks"],
  "EInvoiceSettings": {
    "object": "einvoice_settings",
    "livemode": false,
    "provider": "nic",
    "base_url": "https://einv-apisandbox.nic.in",
    "client_id": "AAACR5055K1Z9BAHI",
    "user_name": "API_ACME",
    "public_key": "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…\n-----END PUBLIC KEY-----\n",
    "signing_keys": null,
    "credentials_set": true,
    "updated_at": "2026-11-23T10:30:00Z"
  } satisfies components["schemas"]["EInvoiceSettings"],
  "EInvoiceSettingsUpdate": {
    "provider": "nic",
    "base_url": "https://einv-apisandbox.nic.in",
    "client_id": "AAACR5055K1Z9BAHI",
    "client_secret": "sandbox-client-secret",
    "user_name": "API_ACME",
    "password": "sandbox-password",
    "public_key": "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…\n-----END PUBLIC KEY-----\n"
  } satisfies components["schemas"]["EInvoiceSettingsUpdate"],
  "Event": {
    "id": "evt_01jd5a0k3m7q2r8s4t6v9w1x3z",
    "object": "event",
    "livemode": false,
    "type": "party.created",
    "created_at": "2026-11-22T07:00:00.000Z",
    "data": {
      "object": {
        "id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
        "object": "party",
        "livemode": false,
        "type": "customer",
        "name": "Sharma Electronics",
        "gstin": "27AAPFU0939F1ZV",
        "sez": false,
        "state_code": "27",
        "email": "accounts@sharma-electronics.example.in",
        "phone": "+91 22 2387 1234",
        "address": {
          "line1": "Shop 14, Lamington Road",
          "line2": "Grant Road East",
          "city": "Mumbai",
          "state_code": "27",
          "pin": "400007"
        },
        "created_at": "2026-11-22T07:00:00.000Z",
        "updated_at": "2026-11-22T07:00:00.000Z"
      }
    }
  } satisfies components["schemas"]["Event"],
  "EventList": {
    "object": "list",
    "data": [
      {
        "id": "evt_01jd5a9c1d3e5f7g9h1j3k5m7q",
        "object": "event",
        "livemode": false,
        "type": "product.created",
        "created_at": "2026-11-22T07:10:00.000Z",
        "data": {
          "object": {
            "id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
            "object": "product",
            "livemode": false,
            "sku": "PEN-01",
            "name": "Ballpoint pen, blue",
            "description": null,
            "price": 99.99,
            "gst_rate": 18,
            "cess_rate": 0,
            "rates_effective_from": null,
            "hsn_code": "96081019",
            "hsn_missing": false,
            "unit": "NOS",
            "track_stock": true,
            "allow_negative_stock": false,
            "reorder_level": 50,
            "stock_on_hand": 500,
            "created_at": "2026-11-22T07:10:00.000Z",
            "updated_at": "2026-11-22T07:10:00.000Z"
          }
        }
      },
      {
        "id": "evt_01jd5a0k3m7q2r8s4t6v9w1x3z",
        "object": "event",
        "livemode": false,
        "type": "party.created",
        "created_at": "2026-11-22T07:00:00.000Z",
        "data": {
          "object": {
            "id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
            "object": "party",
            "livemode": false,
            "type": "customer",
            "name": "Sharma Electronics",
            "gstin": "27AAPFU0939F1ZV",
            "sez": false,
            "state_code": "27",
            "email": "accounts@sharma-electronics.example.in",
            "phone": "+91 22 2387 1234",
            "address": {
              "line1": "Shop 14, Lamington Road",
              "line2": "Grant Road East",
              "city": "Mumbai",
              "state_code": "27",
              "pin": "400007"
            },
            "created_at": "2026-11-22T07:00:00.000Z",
            "updated_at": "2026-11-22T07:00:00.000Z"
          }
        }
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["EventList"],
  "Gstr1Portal": {
    "gstin": "29AABCU9603R1ZJ",
    "fp": "112026",
    "version": "GST3.2.1",
    "hash": "hash",
    "b2b": [
      {
        "ctin": "27AAPFU0939F1ZV",
        "inv": [
          {
            "inum": "INV/26-27/000001",
            "idt": "23-11-2026",
            "val": 4366,
            "pos": "27",
            "rchrg": "N",
            "inv_typ": "R",
            "itms": [
              {
                "num": 1,
                "itm_det": {
                  "rt": 18,
                  "txval": 3699.77,
                  "iamt": 665.96,
                  "camt": 0,
                  "samt": 0,
                  "csamt": 0
                }
              }
            ]
          },
          {
            "inum": "INV/26-27/000002",
            "idt": "27-11-2026",
            "val": 826,
            "pos": "27",
            "rchrg": "N",
            "inv_typ": "R",
            "itms": [
              {
                "num": 1,
                "itm_det": {
                  "rt": 18,
                  "txval": 699.93,
                  "iamt": 125.99,
                  "camt": 0,
                  "samt": 0,
                  "csamt": 0
                }
              }
            ]
          }
        ]
      }
    ],
    "cdnr": [
      {
        "ctin": "27AAPFU0939F1ZV",
        "nt": [
          {
            "ntty": "C",
            "nt_num": "CN/26-27/000001",
            "nt_dt": "26-11-2026",
            "val": 236,
            "pos": "27",
            "rchrg": "N",
            "inv_typ": "R",
            "itms": [
              {
                "num": 1,
                "itm_det": {
                  "rt": 18,
                  "txval": 199.98,
                  "iamt": 36,
                  "camt": 0,
                  "samt": 0,
                  "csamt": 0
                }
              }
            ]
          }
        ]
      }
    ],
    "hsn": {
      "hsn_b2b": [
        {
          "num": 1,
          "hsn_sc": "96081019",
          "desc": "Ballpoint pen, blue",
          "uqc": "NOS",
          "qty": 28,
          "rt": 18,
          "txval": 2799.72,
          "iamt": 503.95,
          "camt": 0,
          "samt": 0,
          "csamt": 0
        },
        {
          "num": 2,
          "hsn_sc": "998719",
          "desc": "Installation service",
          "uqc": "NA",
          "qty": 0,
          "rt": 18,
          "txval": 1400,
          "iamt": 252,
          "camt": 0,
          "samt": 0,
          "csamt": 0
        }
      ],
      "hsn_b2c": []
    },
    "doc_issue": {
      "doc_det": [
        {
          "doc_num": 1,
          "docs": [
            {
              "num": 1,
              "from": "INV/26-27/000001",
              "to": "INV/26-27/000003",
              "totnum": 3,
              "cancel": 1,
              "net_issue": 2
            }
          ]
        },
        {
          "doc_num": 5,
          "docs": [
            {
              "num": 1,
              "from": "CN/26-27/000001",
              "to": "CN/26-27/000001",
              "totnum": 1,
              "cancel": 0,
              "net_issue": 1
            }
          ]
        }
      ]
    }
  },
  "Gstr1Summary": {
    "object": "gstr1_summary",
    "livemode": false,
    "gstin": "29AABCU9603R1ZJ",
    "fp": "112026",
    "sections": {
      "b2b": {
        "count": 2,
        "taxable_value": 4399.7,
        "igst": 791.95,
        "cgst": 0,
        "sgst": 0,
        "cess": 0
      },
      "b2cl": {
        "count": 0,
        "taxable_value": 0,
        "igst": 0,
        "cgst": 0,
        "sgst": 0,
        "cess": 0
      },
      "b2cs": {
        "count": 0,
        "taxable_value": 0,
        "igst": 0,
        "cgst": 0,
        "sgst": 0,
        "cess": 0
      },
      "cdnr": {
        "count": 1,
        "taxable_value": 199.98,
        "igst": 36,
        "cgst": 0,
        "sgst": 0,
        "cess": 0
      },
      "cdnur": {
        "count": 0,
        "taxable_value": 0,
        "igst": 0,
        "cgst": 0,
        "sgst": 0,
        "cess": 0
      },
      "exp": {
        "count": 0,
        "taxable_value": 0,
        "igst": 0,
        "cgst": 0,
        "sgst": 0,
        "cess": 0
      },
      "hsn": {
        "count": 2,
        "taxable_value": 4199.72,
        "igst": 755.95,
        "cgst": 0,
        "sgst": 0,
        "cess": 0
      }
    },
    "doc_issue": {
      "issued": 4,
      "cancelled": 1,
      "net_issued": 3
    },
    "warnings": []
  },
  "Invoice": {
    "id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
    "object": "invoice",
    "livemode": false,
    "number": "INV/26-27/000001",
    "date": "2026-11-23",
    "due_date": "2026-12-23",
    "status": "issued",
    "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "party": {
      "name": "Sharma Electronics",
      "gstin": "27AAPFU0939F1ZV",
      "state_code": "27",
      "address": {
        "line1": "Shop 14, Lamington Road",
        "line2": "Grant Road East",
        "city": "Mumbai",
        "state_code": "27",
        "pin": "400007"
      }
    },
    "ship_to": null,
    "place_of_supply": "27",
    "supply_type": "inter_state",
    "sez": false,
    "under_lut": false,
    "deemed_export": false,
    "reverse_charge": false,
    "items": [
      {
        "sku": "PEN-01",
        "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "description": "Ballpoint pen, blue",
        "hsn_code": "96081019",
        "unit": "NOS",
        "qty": 23,
        "rate": 99.99,
        "discount": 0,
        "taxable_value": 2299.77,
        "gst_rate": 18,
        "cgst": 0,
        "sgst": 0,
        "igst": 413.96,
        "cess": 0,
        "total": 2713.73
      },
      {
        "sku": "SVC-INSTALL",
        "product_id": "prd_01jd4p2b3c4d5e6f7g8h9j0k1m",
        "description": "Installation service",
        "hsn_code": "998719",
        "unit": "NA",
        "qty": 1,
        "rate": 1500,
        "discount": 100,
        "taxable_value": 1400,
        "gst_rate": 18,
        "cgst": 0,
        "sgst": 0,
        "igst": 252,
        "cess": 0,
        "total": 1652
      }
    ],
    "taxable_value": 3699.77,
    "cgst": 0,
    "sgst": 0,
    "igst": 665.96,
    "cess": 0,
    "round_off": 0.27,
    "total": 4366,
    "amount_debited": 0,
    "amount_paid": 0,
    "amount_credited": 0,
    "balance_due": 4366,
    "sgst_label": "SGST",
    "irn": "e2f0989bb9d95f33240caec2f2e6ff36d52b52ec5c5da7f8e44eb9ef7f233fcc",
    "ack_no": "112610000012345",
    "ack_date": "2026-11-23T05:00:01.000Z",
    "signed_qr_code": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiU2VsbGVyR3N0aW5cIjpcIjI5QUFCQ1U5NjAzUjFaSlwiLFwiQnV5ZXJHc3RpblwiOlwiMjdBQVBGVTA5MzlGMVpWXCIsXCJEb2NOb1wiOlwiSU5WLzI2LTI3LzAwMDAwMVwiLFwiRG9jVHlwXCI6XCJJTlZcIixcIkRvY0R0XCI6XCIyMy8xMS8yMDI2XCIsXCJUb3RJbnZWYWxcIjo0MzY2LFwiSXRlbUNudFwiOjIsXCJNYWluSHNuQ29kZVwiOlwiOTYwODEwMTlcIixcIklyblwiOlwiZTJmMDk4OWJiOWQ5NWYzMzI0MGNhZWMyZjJlNmZmMzZkNTJiNTJlYzVjNWRhN2Y4ZTQ0ZWI5ZWY3ZjIzM2ZjY1wiLFwiSXJuRHRcIjpcIjIwMjYtMTEtMjMgMTA6MzA6MDFcIn0iLCJpc3MiOiJCYWhpIElSUCBzYW5kYm94In0.QMmTxzOj4J3kQ0ryqogcNK1ov9ClfdYnRl9iIoH7H4tr5UIS0eDRVi-Z-ZsGBRG4OPx7w4Hc1b8v6MQ1AN40LKVd0wvDgtnN2FeXahCZMcw60R4VcILiODO6Y7oeVnKzl3lktRWPl2l4hemgYJJOkOvLWKD335Kowzzu5Ow_GtwcpANqfdWLtcHygkoYiEC8gWiPlsLWZ-olcAOUOzahT_ci6dhBLziZQbjBHCBHsMT5fGBxhuGsTzYLijbQCGej8O1XSSFZ_z3S2juzY7DWiXPRbev8FHf3qZQaKYLOoC9bwwCL8ljTd5GTnCJ1RWpgOAb0TChWOX8H_lNTmkkvqA",
    "signed_invoice": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiQWNrTm9cIjoxMTI2MTAwMDAwMTIzNDUsXCJBY2tEdFwiOlwiMjAyNi0xMS0yMyAxMDozMDowMVwiLFwiSXJuXCI6XCJlMmYwOTg5YmI5ZDk1ZjMzMjQwY2FlYzJmMmU2ZmYzNmQ1MmI1MmVjNWM1ZGE3ZjhlNDRlYjllZjdmMjMzZmNjXCIsXCJWZXJzaW9uXCI6XCIxLjFcIixcIlRyYW5EdGxzXCI6e1wiVGF4U2NoXCI6XCJHU1RcIixcIlN1cFR5cFwiOlwiQjJCXCIsXCJSZWdSZXZcIjpcIk5cIn0sXCJEb2NEdGxzXCI6e1wiVHlwXCI6XCJJTlZcIixcIk5vXCI6XCJJTlYvMjYtMjcvMDAwMDAxXCIsXCJEdFwiOlwiMjMvMTEvMjAyNlwifSxcIlNlbGxlckR0bHNcIjp7XCJHc3RpblwiOlwiMjlBQUJDVTk2MDNSMVpKXCIsXCJMZ2xObVwiOlwiQWNtZSBUcmFkZXJzIFByaXZhdGUgTGltaXRlZFwiLFwiQWRkcjFcIjpcIjEyIE1HIFJvYWRcIixcIkxvY1wiOlwiQmVuZ2FsdXJ1XCIsXCJQaW5cIjo1NjAwMDEsXCJTdGNkXCI6XCIyOVwifSxcIkJ1eWVyRHRsc1wiOntcIkdzdGluXCI6XCIyN0FBUEZVMDkzOUYxWlZcIixcIkxnbE5tXCI6XCJTaGFybWEgRWxlY3Ryb25pY3NcIixcIlBvc1wiOlwiMjdcIixcIkFkZHIxXCI6XCJTaG9wIDE0LCBMYW1pbmd0b24gUm9hZFwiLFwiTG9jXCI6XCJNdW1iYWlcIixcIlBpblwiOjQwMDAwNyxcIlN0Y2RcIjpcIjI3XCJ9LFwiSXRlbUxpc3RcIjpbe1wiU2xOb1wiOlwiMVwiLFwiUHJkRGVzY1wiOlwiQmFsbHBvaW50IHBlbiwgYmx1ZVwiLFwiSXNTZXJ2Y1wiOlwiTlwiLFwiSHNuQ2RcIjpcIjk2MDgxMDE5XCIsXCJRdHlcIjoyMyxcIlVuaXRcIjpcIk5PU1wiLFwiVW5pdFByaWNlXCI6OTkuOTksXCJUb3RBbXRcIjoyMjk5Ljc3LFwiRGlzY291bnRcIjowLFwiQXNzQW10XCI6MjI5OS43NyxcIkdzdFJ0XCI6MTgsXCJJZ3N0QW10XCI6NDEzLjk2LFwiQ2dzdEFtdFwiOjAsXCJTZ3N0QW10XCI6MCxcIkNlc1J0XCI6MCxcIkNlc0FtdFwiOjAsXCJUb3RJdGVtVmFsXCI6MjcxMy43M30se1wiU2xOb1wiOlwiMlwiLFwiUHJkRGVzY1wiOlwiSW5zdGFsbGF0aW9uIHNlcnZpY2VcIixcIklzU2VydmNcIjpcIllcIixcIkhzbkNkXCI6XCI5OTg3MTlcIixcIlF0eVwiOjEsXCJVbml0UHJpY2VcIjoxNTAwLFwiVG90QW10XCI6MTUwMCxcIkRpc2NvdW50XCI6MTAwLFwiQXNzQW10XCI6MTQwMCxcIkdzdFJ0XCI6MTgsXCJJZ3N0QW10XCI6MjUyLFwiQ2dzdEFtdFwiOjAsXCJTZ3N0QW10XCI6MCxcIkNlc1J0XCI6MCxcIkNlc0FtdFwiOjAsXCJUb3RJdGVtVmFsXCI6MTY1Mn1dLFwiVmFsRHRsc1wiOntcIkFzc1ZhbFwiOjM2OTkuNzcsXCJDZ3N0VmFsXCI6MCxcIlNnc3RWYWxcIjowLFwiSWdzdFZhbFwiOjY2NS45NixcIkNlc1ZhbFwiOjAsXCJEaXNjb3VudFwiOjAsXCJPdGhDaHJnXCI6MCxcIlJuZE9mZkFtdFwiOjAuMjcsXCJUb3RJbnZWYWxcIjo0MzY2fX0iLCJpc3MiOiJCYWhpIElSUCBzYW5kYm94In0.X5OjxmA26XR0mG_i3SXzUhMw0WltlGR_mLPCTiemm3I5oW6wlO4jnGc2DYcyrEP91nO_wsZ1j-D326sPbJk8hcYgGpmcqWbWDKaswPVDZF1t91KcOqJszJOxmWs3dYpayLeuCW3El9My2Aukp9be-2ICwVO7w8ACeugHIF7lq9w8JeSgNsSBV69v2vVfdpbKO5QM_uMOAF60OV_BtawxosQO4DAvZjqxcc_soPniDpj17ABTONGfXADCmSGARTbBJIAyflE0udJcLDbKY84-4dL_YL_qavKnAHAgQxHLgtvn3ddFrdcxDnZ_CUILevBnNiUQb9rKWQ8VrdVvx4Ja6g",
    "einvoice_status": "registered",
    "einvoice_error": null,
    "shipping_bill": null,
    "cancellation": null,
    "notes": "Thank you for your business.",
    "created_at": "2026-11-23T05:00:00.000Z"
  } satisfies components["schemas"]["Invoice"],
  "InvoiceCancel": {
    "reason": "2",
    "remark": "Wrong quantity entered"
  } satisfies components["schemas"]["InvoiceCancel"],
  "InvoiceCancelled": {
    "id": "inv_01jd5q7r8s9t0v1w2x3y4z5a6b",
    "object": "invoice",
    "livemode": false,
    "number": "INV/26-27/000003",
    "date": "2026-11-28",
    "due_date": "2026-12-28",
    "status": "cancelled",
    "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "party": {
      "name": "Sharma Electronics",
      "gstin": "27AAPFU0939F1ZV",
      "state_code": "27",
      "address": {
        "line1": "Shop 14, Lamington Road",
        "line2": "Grant Road East",
        "city": "Mumbai",
        "state_code": "27",
        "pin": "400007"
      }
    },
    "ship_to": null,
    "place_of_supply": "27",
    "supply_type": "inter_state",
    "sez": false,
    "under_lut": false,
    "deemed_export": false,
    "reverse_charge": false,
    "items": [
      {
        "sku": "PEN-01",
        "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "description": "Ballpoint pen, blue",
        "hsn_code": "96081019",
        "unit": "NOS",
        "qty": 2,
        "rate": 99.99,
        "discount": 0,
        "taxable_value": 199.98,
        "gst_rate": 18,
        "cgst": 0,
        "sgst": 0,
        "igst": 36,
        "cess": 0,
        "total": 235.98
      }
    ],
    "taxable_value": 199.98,
    "cgst": 0,
    "sgst": 0,
    "igst": 36,
    "cess": 0,
    "round_off": 0.02,
    "total": 236,
    "amount_debited": 0,
    "amount_paid": 0,
    "amount_credited": 0,
    "balance_due": 0,
    "sgst_label": "SGST",
    "irn": "93b58520b1da96deae4882db144b2bfeec5d580194f8b99d54cd69475e5d5eab",
    "ack_no": "112610000012467",
    "ack_date": "2026-11-28T04:30:01.000Z",
    "signed_qr_code": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiU2VsbGVyR3N0aW5cIjpcIjI5QUFCQ1U5NjAzUjFaSlwiLFwiQnV5ZXJHc3RpblwiOlwiMjdBQVBGVTA5MzlGMVpWXCIsXCJEb2NOb1wiOlwiSU5WLzI2LTI3LzAwMDAwM1wiLFwiRG9jVHlwXCI6XCJJTlZcIixcIkRvY0R0XCI6XCIyOC8xMS8yMDI2XCIsXCJUb3RJbnZWYWxcIjoyMzYsXCJJdGVtQ250XCI6MSxcIk1haW5Ic25Db2RlXCI6XCI5NjA4MTAxOVwiLFwiSXJuXCI6XCI5M2I1ODUyMGIxZGE5NmRlYWU0ODgyZGIxNDRiMmJmZWVjNWQ1ODAxOTRmOGI5OWQ1NGNkNjk0NzVlNWQ1ZWFiXCIsXCJJcm5EdFwiOlwiMjAyNi0xMS0yOCAxMDowMDowMVwifSIsImlzcyI6IkJhaGkgSVJQIHNhbmRib3gifQ.DSQ1Qbb9nDJlIiBrGJ3nMU9I62_2PvV-gp4zKvqUP8plctN6srd7xYBDEkoZZwfw_nbMQO9BqlSS_Z_EJp0aMCCvnOfdbMUhvMu5_bmbJanf_dD39AgsdyvtveQsNDY95xM0LbgW3NPZ_FGBk4uenXaJr4kKznEfhXY4rYKNtqWmsrqqWzMbXhNzxYbxRN6LpBny18XWEOYCmtZxGRR4R9vxc0frAyyqsvcWDZu-9B1-gA_bDQhIAGen76nX3TBbV61g_GOmQo7tipuEtwBIlnwPonqI9S7-0KNfx5l1q7SMz3wCGXed3Xq7yuhVDGXUciqgjDYn8i-p4OA6czW2xA",
    "signed_invoice": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiQWNrTm9cIjoxMTI2MTAwMDAwMTI0NjcsXCJBY2tEdFwiOlwiMjAyNi0xMS0yOCAxMDowMDowMVwiLFwiSXJuXCI6XCI5M2I1ODUyMGIxZGE5NmRlYWU0ODgyZGIxNDRiMmJmZWVjNWQ1ODAxOTRmOGI5OWQ1NGNkNjk0NzVlNWQ1ZWFiXCIsXCJWZXJzaW9uXCI6XCIxLjFcIixcIlRyYW5EdGxzXCI6e1wiVGF4U2NoXCI6XCJHU1RcIixcIlN1cFR5cFwiOlwiQjJCXCIsXCJSZWdSZXZcIjpcIk5cIn0sXCJEb2NEdGxzXCI6e1wiVHlwXCI6XCJJTlZcIixcIk5vXCI6XCJJTlYvMjYtMjcvMDAwMDAzXCIsXCJEdFwiOlwiMjgvMTEvMjAyNlwifSxcIlNlbGxlckR0bHNcIjp7XCJHc3RpblwiOlwiMjlBQUJDVTk2MDNSMVpKXCIsXCJMZ2xObVwiOlwiQWNtZSBUcmFkZXJzIFByaXZhdGUgTGltaXRlZFwiLFwiQWRkcjFcIjpcIjEyIE1HIFJvYWRcIixcIkxvY1wiOlwiQmVuZ2FsdXJ1XCIsXCJQaW5cIjo1NjAwMDEsXCJTdGNkXCI6XCIyOVwifSxcIkJ1eWVyRHRsc1wiOntcIkdzdGluXCI6XCIyN0FBUEZVMDkzOUYxWlZcIixcIkxnbE5tXCI6XCJTaGFybWEgRWxlY3Ryb25pY3NcIixcIlBvc1wiOlwiMjdcIixcIkFkZHIxXCI6XCJTaG9wIDE0LCBMYW1pbmd0b24gUm9hZFwiLFwiTG9jXCI6XCJNdW1iYWlcIixcIlBpblwiOjQwMDAwNyxcIlN0Y2RcIjpcIjI3XCJ9LFwiSXRlbUxpc3RcIjpbe1wiU2xOb1wiOlwiMVwiLFwiUHJkRGVzY1wiOlwiQmFsbHBvaW50IHBlbiwgYmx1ZVwiLFwiSXNTZXJ2Y1wiOlwiTlwiLFwiSHNuQ2RcIjpcIjk2MDgxMDE5XCIsXCJRdHlcIjoyLFwiVW5pdFwiOlwiTk9TXCIsXCJVbml0UHJpY2VcIjo5OS45OSxcIlRvdEFtdFwiOjE5OS45OCxcIkRpc2NvdW50XCI6MCxcIkFzc0FtdFwiOjE5OS45OCxcIkdzdFJ0XCI6MTgsXCJJZ3N0QW10XCI6MzYsXCJDZ3N0QW10XCI6MCxcIlNnc3RBbXRcIjowLFwiQ2VzUnRcIjowLFwiQ2VzQW10XCI6MCxcIlRvdEl0ZW1WYWxcIjoyMzUuOTh9XSxcIlZhbER0bHNcIjp7XCJBc3NWYWxcIjoxOTkuOTgsXCJDZ3N0VmFsXCI6MCxcIlNnc3RWYWxcIjowLFwiSWdzdFZhbFwiOjM2LFwiQ2VzVmFsXCI6MCxcIkRpc2NvdW50XCI6MCxcIk90aENocmdcIjowLFwiUm5kT2ZmQW10XCI6MC4wMixcIlRvdEludlZhbFwiOjIzNn19IiwiaXNzIjoiQmFoaSBJUlAgc2FuZGJveCJ9.YeCnT9c1KxZbROEgQHWsUEb0WwXZ40lgmb5FAlXsigL000NdFrcvu7oth3hqmmtURk8O3u6xCzhF8YOXbZ__dm5rCsMvEO2Hvuf5P-46OjY8BRr7IG3ejtFLpDTYYJn1kPjPR8QBrsfMHusONl-xCW9UXrNOdot4p3mcTvYOUJJuKGAX1-BmNZWP4suSeC5HdYj_7Sy4VRbrNOwSriUdPmPSowqOtwFZWN4BUK3bRxElTtZDsX7oIsorH89kWyb246NXyJv04sE_YMyrwGftW-zLBAfEPdpeEfeG8CZXsMauBiJXMxK34-It-mrX48qFoABMd2MQL3z0J3ACGOYUqQ",
    "einvoice_status": "registered",
    "einvoice_error": null,
    "shipping_bill": null,
    "cancellation": {
      "reason": "2",
      "remark": "Wrong quantity entered",
      "cancelled_at": "2026-11-28T06:00:00.000Z"
    },
    "notes": null,
    "created_at": "2026-11-28T04:30:00.000Z"
  } satisfies components["schemas"]["Invoice"],
  "InvoiceCreate": {
    "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "date": "2026-11-23",
    "due_date": "2026-12-23",
    "items": [
      {
        "sku": "PEN-01",
        "qty": 23,
        "rate": 99.99
      },
      {
        "sku": "SVC-INSTALL",
        "qty": 1,
        "rate": 1500,
        "discount": 100
      }
    ],
    "notes": "Thank you for your business."
  } satisfies components["schemas"]["InvoiceCreate"],
  "InvoiceList": {
    "object": "list",
    "data": [
      {
        "id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
        "object": "invoice",
        "livemode": false,
        "number": "INV/26-27/000001",
        "date": "2026-11-23",
        "due_date": "2026-12-23",
        "status": "issued",
        "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
        "party": {
          "name": "Sharma Electronics",
          "gstin": "27AAPFU0939F1ZV",
          "state_code": "27",
          "address": {
            "line1": "Shop 14, Lamington Road",
            "line2": "Grant Road East",
            "city": "Mumbai",
            "state_code": "27",
            "pin": "400007"
          }
        },
        "ship_to": null,
        "place_of_supply": "27",
        "supply_type": "inter_state",
        "sez": false,
        "under_lut": false,
        "deemed_export": false,
        "reverse_charge": false,
        "items": [
          {
            "sku": "PEN-01",
            "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
            "description": "Ballpoint pen, blue",
            "hsn_code": "96081019",
            "unit": "NOS",
            "qty": 23,
            "rate": 99.99,
            "discount": 0,
            "taxable_value": 2299.77,
            "gst_rate": 18,
            "cgst": 0,
            "sgst": 0,
            "igst": 413.96,
            "cess": 0,
            "total": 2713.73
          },
          {
            "sku": "SVC-INSTALL",
            "product_id": "prd_01jd4p2b3c4d5e6f7g8h9j0k1m",
            "description": "Installation service",
            "hsn_code": "998719",
            "unit": "NA",
            "qty": 1,
            "rate": 1500,
            "discount": 100,
            "taxable_value": 1400,
            "gst_rate": 18,
            "cgst": 0,
            "sgst": 0,
            "igst": 252,
            "cess": 0,
            "total": 1652
          }
        ],
        "taxable_value": 3699.77,
        "cgst": 0,
        "sgst": 0,
        "igst": 665.96,
        "cess": 0,
        "round_off": 0.27,
        "total": 4366,
        "amount_debited": 0,
        "amount_paid": 0,
        "amount_credited": 0,
        "balance_due": 4366,
        "sgst_label": "SGST",
        "irn": "e2f0989bb9d95f33240caec2f2e6ff36d52b52ec5c5da7f8e44eb9ef7f233fcc",
        "ack_no": "112610000012345",
        "ack_date": "2026-11-23T05:00:01.000Z",
        "signed_qr_code": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiU2VsbGVyR3N0aW5cIjpcIjI5QUFCQ1U5NjAzUjFaSlwiLFwiQnV5ZXJHc3RpblwiOlwiMjdBQVBGVTA5MzlGMVpWXCIsXCJEb2NOb1wiOlwiSU5WLzI2LTI3LzAwMDAwMVwiLFwiRG9jVHlwXCI6XCJJTlZcIixcIkRvY0R0XCI6XCIyMy8xMS8yMDI2XCIsXCJUb3RJbnZWYWxcIjo0MzY2LFwiSXRlbUNudFwiOjIsXCJNYWluSHNuQ29kZVwiOlwiOTYwODEwMTlcIixcIklyblwiOlwiZTJmMDk4OWJiOWQ5NWYzMzI0MGNhZWMyZjJlNmZmMzZkNTJiNTJlYzVjNWRhN2Y4ZTQ0ZWI5ZWY3ZjIzM2ZjY1wiLFwiSXJuRHRcIjpcIjIwMjYtMTEtMjMgMTA6MzA6MDFcIn0iLCJpc3MiOiJCYWhpIElSUCBzYW5kYm94In0.QMmTxzOj4J3kQ0ryqogcNK1ov9ClfdYnRl9iIoH7H4tr5UIS0eDRVi-Z-ZsGBRG4OPx7w4Hc1b8v6MQ1AN40LKVd0wvDgtnN2FeXahCZMcw60R4VcILiODO6Y7oeVnKzl3lktRWPl2l4hemgYJJOkOvLWKD335Kowzzu5Ow_GtwcpANqfdWLtcHygkoYiEC8gWiPlsLWZ-olcAOUOzahT_ci6dhBLziZQbjBHCBHsMT5fGBxhuGsTzYLijbQCGej8O1XSSFZ_z3S2juzY7DWiXPRbev8FHf3qZQaKYLOoC9bwwCL8ljTd5GTnCJ1RWpgOAb0TChWOX8H_lNTmkkvqA",
        "signed_invoice": "eyJhbGciOiJSUzI1NiIsImtpZCI6IlRYbWI0WHdVamZnalM1WWtHU1NJTEFfSEExNUZmZTcyczktN1g0VXB4ZEEiLCJ0eXAiOiJKV1QifQ.eyJkYXRhIjoie1wiQWNrTm9cIjoxMTI2MTAwMDAwMTIzNDUsXCJBY2tEdFwiOlwiMjAyNi0xMS0yMyAxMDozMDowMVwiLFwiSXJuXCI6XCJlMmYwOTg5YmI5ZDk1ZjMzMjQwY2FlYzJmMmU2ZmYzNmQ1MmI1MmVjNWM1ZGE3ZjhlNDRlYjllZjdmMjMzZmNjXCIsXCJWZXJzaW9uXCI6XCIxLjFcIixcIlRyYW5EdGxzXCI6e1wiVGF4U2NoXCI6XCJHU1RcIixcIlN1cFR5cFwiOlwiQjJCXCIsXCJSZWdSZXZcIjpcIk5cIn0sXCJEb2NEdGxzXCI6e1wiVHlwXCI6XCJJTlZcIixcIk5vXCI6XCJJTlYvMjYtMjcvMDAwMDAxXCIsXCJEdFwiOlwiMjMvMTEvMjAyNlwifSxcIlNlbGxlckR0bHNcIjp7XCJHc3RpblwiOlwiMjlBQUJDVTk2MDNSMVpKXCIsXCJMZ2xObVwiOlwiQWNtZSBUcmFkZXJzIFByaXZhdGUgTGltaXRlZFwiLFwiQWRkcjFcIjpcIjEyIE1HIFJvYWRcIixcIkxvY1wiOlwiQmVuZ2FsdXJ1XCIsXCJQaW5cIjo1NjAwMDEsXCJTdGNkXCI6XCIyOVwifSxcIkJ1eWVyRHRsc1wiOntcIkdzdGluXCI6XCIyN0FBUEZVMDkzOUYxWlZcIixcIkxnbE5tXCI6XCJTaGFybWEgRWxlY3Ryb25pY3NcIixcIlBvc1wiOlwiMjdcIixcIkFkZHIxXCI6XCJTaG9wIDE0LCBMYW1pbmd0b24gUm9hZFwiLFwiTG9jXCI6XCJNdW1iYWlcIixcIlBpblwiOjQwMDAwNyxcIlN0Y2RcIjpcIjI3XCJ9LFwiSXRlbUxpc3RcIjpbe1wiU2xOb1wiOlwiMVwiLFwiUHJkRGVzY1wiOlwiQmFsbHBvaW50IHBlbiwgYmx1ZVwiLFwiSXNTZXJ2Y1wiOlwiTlwiLFwiSHNuQ2RcIjpcIjk2MDgxMDE5XCIsXCJRdHlcIjoyMyxcIlVuaXRcIjpcIk5PU1wiLFwiVW5pdFByaWNlXCI6OTkuOTksXCJUb3RBbXRcIjoyMjk5Ljc3LFwiRGlzY291bnRcIjowLFwiQXNzQW10XCI6MjI5OS43NyxcIkdzdFJ0XCI6MTgsXCJJZ3N0QW10XCI6NDEzLjk2LFwiQ2dzdEFtdFwiOjAsXCJTZ3N0QW10XCI6MCxcIkNlc1J0XCI6MCxcIkNlc0FtdFwiOjAsXCJUb3RJdGVtVmFsXCI6MjcxMy43M30se1wiU2xOb1wiOlwiMlwiLFwiUHJkRGVzY1wiOlwiSW5zdGFsbGF0aW9uIHNlcnZpY2VcIixcIklzU2VydmNcIjpcIllcIixcIkhzbkNkXCI6XCI5OTg3MTlcIixcIlF0eVwiOjEsXCJVbml0UHJpY2VcIjoxNTAwLFwiVG90QW10XCI6MTUwMCxcIkRpc2NvdW50XCI6MTAwLFwiQXNzQW10XCI6MTQwMCxcIkdzdFJ0XCI6MTgsXCJJZ3N0QW10XCI6MjUyLFwiQ2dzdEFtdFwiOjAsXCJTZ3N0QW10XCI6MCxcIkNlc1J0XCI6MCxcIkNlc0FtdFwiOjAsXCJUb3RJdGVtVmFsXCI6MTY1Mn1dLFwiVmFsRHRsc1wiOntcIkFzc1ZhbFwiOjM2OTkuNzcsXCJDZ3N0VmFsXCI6MCxcIlNnc3RWYWxcIjowLFwiSWdzdFZhbFwiOjY2NS45NixcIkNlc1ZhbFwiOjAsXCJEaXNjb3VudFwiOjAsXCJPdGhDaHJnXCI6MCxcIlJuZE9mZkFtdFwiOjAuMjcsXCJUb3RJbnZWYWxcIjo0MzY2fX0iLCJpc3MiOiJCYWhpIElSUCBzYW5kYm94In0.X5OjxmA26XR0mG_i3SXzUhMw0WltlGR_mLPCTiemm3I5oW6wlO4jnGc2DYcyrEP91nO_wsZ1j-D326sPbJk8hcYgGpmcqWbWDKaswPVDZF1t91KcOqJszJOxmWs3dYpayLeuCW3El9My2Aukp9be-2ICwVO7w8ACeugHIF7lq9w8JeSgNsSBV69v2vVfdpbKO5QM_uMOAF60OV_BtawxosQO4DAvZjqxcc_soPniDpj17ABTONGfXADCmSGARTbBJIAyflE0udJcLDbKY84-4dL_YL_qavKnAHAgQxHLgtvn3ddFrdcxDnZ_CUILevBnNiUQb9rKWQ8VrdVvx4Ja6g",
        "einvoice_status": "registered",
        "einvoice_error": null,
        "shipping_bill": null,
        "cancellation": null,
        "notes": "Thank you for your business.",
        "created_at": "2026-11-23T05:00:00.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["InvoiceList"],
  "Party": {
    "id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "object": "party",
    "livemode": false,
    "type": "customer",
    "name": "Sharma Electronics",
    "gstin": "27AAPFU0939F1ZV",
    "sez": false,
    "state_code": "27",
    "email": "accounts@sharma-electronics.example.in",
    "phone": "+91 22 2387 1234",
    "address": {
      "line1": "Shop 14, Lamington Road",
      "line2": "Grant Road East",
      "city": "Mumbai",
      "state_code": "27",
      "pin": "400007"
    },
    "created_at": "2026-11-22T07:00:00.000Z",
    "updated_at": "2026-11-22T07:00:00.000Z"
  } satisfies components["schemas"]["Party"],
  "PartyAbroad": {
    "id": "pty_01jd5a7c3d5e7f9g1h3j5k7m9n",
    "object": "party",
    "livemode": false,
    "type": "customer",
    "name": "Hudson Retail Inc.",
    "gstin": null,
    "sez": false,
    "state_code": "96",
    "email": "purchasing@hudson-retail.example.com",
    "phone": null,
    "address": {
      "line1": "350 Fifth Avenue",
      "line2": "Suite 4100",
      "city": "New York",
      "postal_code": "10118",
      "country": "US"
    },
    "created_at": "2026-11-22T07:10:00.000Z",
    "updated_at": "2026-11-22T07:10:00.000Z"
  } satisfies components["schemas"]["Party"],
  "PartyCreate": {
    "type": "customer",
    "name": "Sharma Electronics",
    "gstin": "27AAPFU0939F1ZV",
    "email": "accounts@sharma-electronics.example.in",
    "phone": "+91 22 2387 1234",
    "address": {
      "line1": "Shop 14, Lamington Road",
      "line2": "Grant Road East",
      "city": "Mumbai",
      "state_code": "27",
      "pin": "400007"
    }
  } satisfies components["schemas"]["PartyCreate"],
  "PartyCreateAbroad": {
    "type": "customer",
    "name": "Hudson Retail Inc.",
    "email": "purchasing@hudson-retail.example.com",
    "address": {
      "line1": "350 Fifth Avenue",
      "line2": "Suite 4100",
      "city": "New York",
      "postal_code": "10118",
      "country": "US"
    }
  } satisfies components["schemas"]["PartyCreate"],
  "PartyCreateUnregistered": {
    "type": "customer",
    "name": "Meera Rao",
    "phone": "+91 98450 12345",
    "address": {
      "line1": "221 Kalidasa Road",
      "line2": "V V Mohalla",
      "city": "Mysuru",
      "state_code": "29",
      "pin": "570002"
    }
  } satisfies components["schemas"]["PartyCreate"],
  "PartyList": {
    "object": "list",
    "data": [
      {
        "id": "pty_01jd5a4n8p2q6r0s4t8v2w6x0z",
        "object": "party",
        "livemode": false,
        "type": "customer",
        "name": "Meera Rao",
        "gstin": null,
        "sez": false,
        "state_code": "29",
        "email": null,
        "phone": "+91 98450 12345",
        "address": {
          "line1": "221 Kalidasa Road",
          "line2": "V V Mohalla",
          "city": "Mysuru",
          "state_code": "29",
          "pin": "570002"
        },
        "created_at": "2026-11-22T07:05:00.000Z",
        "updated_at": "2026-11-22T07:05:00.000Z"
      },
      {
        "id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
        "object": "party",
        "livemode": false,
        "type": "customer",
        "name": "Sharma Electronics",
        "gstin": "27AAPFU0939F1ZV",
        "sez": false,
        "state_code": "27",
        "email": "accounts@sharma-electronics.example.in",
        "phone": "+91 22 2387 1234",
        "address": {
          "line1": "Shop 14, Lamington Road",
          "line2": "Grant Road East",
          "city": "Mumbai",
          "state_code": "27",
          "pin": "400007"
        },
        "created_at": "2026-11-22T07:00:00.000Z",
        "updated_at": "2026-11-22T07:00:00.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["PartyList"],
  "PartyUnregistered": {
    "id": "pty_01jd5a4n8p2q6r0s4t8v2w6x0z",
    "object": "party",
    "livemode": false,
    "type": "customer",
    "name": "Meera Rao",
    "gstin": null,
    "sez": false,
    "state_code": "29",
    "email": null,
    "phone": "+91 98450 12345",
    "address": {
      "line1": "221 Kalidasa Road",
      "line2": "V V Mohalla",
      "city": "Mysuru",
      "state_code": "29",
      "pin": "570002"
    },
    "created_at": "2026-11-22T07:05:00.000Z",
    "updated_at": "2026-11-22T07:05:00.000Z"
  } satisfies components["schemas"]["Party"],
  "PartyUpdate": {
    "phone": "+91 22 2387 5678"
  } satisfies components["schemas"]["PartyUpdate"],
  "PartyUpdated": {
    "id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "object": "party",
    "livemode": false,
    "type": "customer",
    "name": "Sharma Electronics",
    "gstin": "27AAPFU0939F1ZV",
    "sez": false,
    "state_code": "27",
    "email": "accounts@sharma-electronics.example.in",
    "phone": "+91 22 2387 5678",
    "address": {
      "line1": "Shop 14, Lamington Road",
      "line2": "Grant Road East",
      "city": "Mumbai",
      "state_code": "27",
      "pin": "400007"
    },
    "created_at": "2026-11-22T07:00:00.000Z",
    "updated_at": "2026-11-23T05:00:00.000Z"
  } satisfies components["schemas"]["Party"],
  "Payment": {
    "id": "pay_01jd59x8w7v6t5s4r3q2p1n0m9",
    "object": "payment",
    "livemode": false,
    "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "amount": 4500,
    "date": "2026-11-25",
    "mode": "bank_transfer",
    "reference": "HDFCN52026112512345",
    "allocations": [
      {
        "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
        "amount": 4366,
        "created_at": "2026-11-25T06:15:00.000Z"
      }
    ],
    "unallocated_amount": 134,
    "created_at": "2026-11-25T06:15:00.000Z"
  } satisfies components["schemas"]["Payment"],
  "PaymentAllocate": {
    "allocations": [
      {
        "invoice_id": "inv_01jd5c2e3f4g5h6j7k8m9n0p1q",
        "amount": 134
      }
    ]
  } satisfies components["schemas"]["PaymentAllocate"],
  "PaymentAllocated": {
    "id": "pay_01jd59x8w7v6t5s4r3q2p1n0m9",
    "object": "payment",
    "livemode": false,
    "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "amount": 4500,
    "date": "2026-11-25",
    "mode": "bank_transfer",
    "reference": "HDFCN52026112512345",
    "allocations": [
      {
        "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
        "amount": 4366,
        "created_at": "2026-11-25T06:15:00.000Z"
      },
      {
        "invoice_id": "inv_01jd5c2e3f4g5h6j7k8m9n0p1q",
        "amount": 134,
        "created_at": "2026-11-27T09:00:00.000Z"
      }
    ],
    "unallocated_amount": 0,
    "created_at": "2026-11-25T06:15:00.000Z"
  } satisfies components["schemas"]["Payment"],
  "PaymentCreate": {
    "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    "amount": 4500,
    "date": "2026-11-25",
    "mode": "bank_transfer",
    "reference": "HDFCN52026112512345",
    "allocations": [
      {
        "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
        "amount": 4366
      }
    ]
  } satisfies components["schemas"]["PaymentCreate"],
  "PaymentList": {
    "object": "list",
    "data": [
      {
        "id": "pay_01jd59x8w7v6t5s4r3q2p1n0m9",
        "object": "payment",
        "livemode": false,
        "party_id": "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
        "amount": 4500,
        "date": "2026-11-25",
        "mode": "bank_transfer",
        "reference": "HDFCN52026112512345",
        "allocations": [
          {
            "invoice_id": "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
            "amount": 4366,
            "created_at": "2026-11-25T06:15:00.000Z"
          }
        ],
        "unallocated_amount": 134,
        "created_at": "2026-11-25T06:15:00.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["PaymentList"],
  "Product": {
    "id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
    "object": "product",
    "livemode": false,
    "sku": "PEN-01",
    "name": "Ballpoint pen, blue",
    "description": null,
    "price": 99.99,
    "gst_rate": 18,
    "cess_rate": 0,
    "rates_effective_from": null,
    "hsn_code": "96081019",
    "hsn_missing": false,
    "unit": "NOS",
    "track_stock": true,
    "allow_negative_stock": false,
    "reorder_level": 50,
    "stock_on_hand": 500,
    "created_at": "2026-11-22T07:10:00.000Z",
    "updated_at": "2026-11-22T07:10:00.000Z"
  } satisfies components["schemas"]["Product"],
  "ProductCreate": {
    "sku": "PEN-01",
    "name": "Ballpoint pen, blue",
    "price": 99.99,
    "gst_rate": 18,
    "hsn_code": "96081019",
    "unit": "NOS",
    "reorder_level": 50,
    "opening_stock": 500
  } satisfies components["schemas"]["ProductCreate"],
  "ProductCreateService": {
    "sku": "SVC-INSTALL",
    "name": "Installation service",
    "price": 1500,
    "gst_rate": 18,
    "hsn_code": "998719",
    "unit": "NA"
  } satisfies components["schemas"]["ProductCreate"],
  "ProductImport": {
    "id": "imp_01jd5g7h9j1k3m5n7p9q1r3s5t",
    "object": "product_import",
    "livemode": false,
    "status": "completed",
    "filename": "products.csv",
    "rows_total": 3,
    "rows_done": 3,
    "counts": {
      "created": 0,
      "updated": 1,
      "flagged": 1,
      "rejected": 1
    },
    "columns": {
      "understood": [
        {
          "header": "SKU",
          "field": "sku"
        },
        {
          "header": "Item Name",
          "field": "name"
        },
        {
          "header": "HSN/SAC",
          "field": "hsn_code"
        },
        {
          "header": "GST %",
          "field": "gst_rate"
        },
        {
          "header": "Price",
          "field": "price"
        },
        {
          "header": "Unit",
          "field": "unit"
        },
        {
          "header": "Opening Stock",
          "field": "stock_on_hand"
        }
      ],
      "ignored": [
        "Remarks"
      ]
    },
    "rows": [
      {
        "row": 2,
        "outcome": "updated",
        "sku": "PEN-01",
        "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "column": null,
        "reason": null
      },
      {
        "row": 3,
        "outcome": "flagged",
        "sku": "NB-A5",
        "product_id": "prd_01jd5g7h9j1k3m5n7p9q1r3s5v",
        "column": "HSN/SAC",
        "reason": "No HSN code; the product was created with hsn_missing."
      },
      {
        "row": 4,
        "outcome": "rejected",
        "sku": "STAPLER",
        "product_id": null,
        "column": "Price",
        "reason": "\"abc\" is not a number."
      }
    ],
    "failure_reason": null,
    "created_at": "2026-11-22T09:00:00.000Z",
    "completed_at": "2026-11-22T09:00:02.000Z"
  } satisfies components["schemas"]["ProductImport"],
  "ProductImportCsv": "SKU,Item Name,HSN/SAC,GST %,Price,Unit,Opening Stock,Remarks\nPEN-01,\"Ballpoint pen, blue\",9608,18,99.99,NOS,,\nNB-A5,Notebook A5 ruled,,18,45,pcs,120,new supplier\nSTAPLER,Stapler,8472,18,abc,NOS,10,\n",
  "ProductImportErrors": "row,sku,outcome,column,reason\n3,NB-A5,flagged,HSN/SAC,No HSN code; the product was created with hsn_missing.\n3,NB-A5,flagged,Unit,\"\"\"pcs\"\" was read as PCS.\"\n4,STAPLER,rejected,Price,\"\"\"abc\"\" is not a number.\"\n",
  "ProductImportQueued": {
    "id": "imp_01jd5g7h9j1k3m5n7p9q1r3s5t",
    "object": "product_import",
    "livemode": false,
    "status": "queued",
    "filename": "products.csv",
    "rows_total": 3,
    "rows_done": 0,
    "counts": {
      "created": 0,
      "updated": 0,
      "flagged": 0,
      "rejected": 0
    },
    "columns": {
      "understood": [
        {
          "header": "SKU",
          "field": "sku"
        },
        {
          "header": "Item Name",
          "field": "name"
        },
        {
          "header": "HSN/SAC",
          "field": "hsn_code"
        },
        {
          "header": "GST %",
          "field": "gst_rate"
        },
        {
          "header": "Price",
          "field": "price"
        },
        {
          "header": "Unit",
          "field": "unit"
        },
        {
          "header": "Opening Stock",
          "field": "stock_on_hand"
        }
      ],
      "ignored": [
        "Remarks"
      ]
    },
    "rows": [],
    "failure_reason": null,
    "created_at": "2026-11-22T09:00:00.000Z",
    "completed_at": null
  } satisfies components["schemas"]["ProductImport"],
  "ProductImportUpload": {
    "file": "SKU,Item Name,HSN/SAC,GST %,Price,Unit,Opening Stock,Remarks\nPEN-01,\"Ballpoint pen, blue\",9608,18,99.99,NOS,,\nNB-A5,Notebook A5 ruled,,18,45,pcs,120,new supplier\nSTAPLER,Stapler,8472,18,abc,NOS,10,\n"
  } satisfies components["schemas"]["ProductImportUpload"],
  "ProductList": {
    "object": "list",
    "data": [
      {
        "id": "prd_01jd4p2b3c4d5e6f7g8h9j0k1m",
        "object": "product",
        "livemode": false,
        "sku": "SVC-INSTALL",
        "name": "Installation service",
        "description": null,
        "price": 1500,
        "gst_rate": 18,
        "cess_rate": 0,
        "rates_effective_from": null,
        "hsn_code": "998719",
        "hsn_missing": false,
        "unit": "NA",
        "track_stock": false,
        "allow_negative_stock": false,
        "reorder_level": null,
        "stock_on_hand": 0,
        "created_at": "2026-11-22T07:12:00.000Z",
        "updated_at": "2026-11-22T07:12:00.000Z"
      },
      {
        "id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "object": "product",
        "livemode": false,
        "sku": "PEN-01",
        "name": "Ballpoint pen, blue",
        "description": null,
        "price": 99.99,
        "gst_rate": 18,
        "cess_rate": 0,
        "rates_effective_from": null,
        "hsn_code": "96081019",
        "hsn_missing": false,
        "unit": "NOS",
        "track_stock": true,
        "allow_negative_stock": false,
        "reorder_level": 50,
        "stock_on_hand": 500,
        "created_at": "2026-11-22T07:10:00.000Z",
        "updated_at": "2026-11-22T07:10:00.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["ProductList"],
  "ProductRatePeriodList": {
    "object": "list",
    "data": [
      {
        "object": "product_rate_period",
        "livemode": false,
        "product_id": "prd_01jd4p3c4d5e6f7g8h9j0k1m2n",
        "gst_rate": 40,
        "cess_rate": 0,
        "valid_from": "2025-09-22",
        "valid_until": null
      },
      {
        "object": "product_rate_period",
        "livemode": false,
        "product_id": "prd_01jd4p3c4d5e6f7g8h9j0k1m2n",
        "gst_rate": 28,
        "cess_rate": 12,
        "valid_from": null,
        "valid_until": "2025-09-21"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["ProductRatePeriodList"],
  "ProductRatePeriodListUnchanged": {
    "object": "list",
    "data": [
      {
        "object": "product_rate_period",
        "livemode": false,
        "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "gst_rate": 18,
        "cess_rate": 0,
        "valid_from": null,
        "valid_until": null
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["ProductRatePeriodList"],
  "ProductService": {
    "id": "prd_01jd4p2b3c4d5e6f7g8h9j0k1m",
    "object": "product",
    "livemode": false,
    "sku": "SVC-INSTALL",
    "name": "Installation service",
    "description": null,
    "price": 1500,
    "gst_rate": 18,
    "cess_rate": 0,
    "rates_effective_from": null,
    "hsn_code": "998719",
    "hsn_missing": false,
    "unit": "NA",
    "track_stock": false,
    "allow_negative_stock": false,
    "reorder_level": null,
    "stock_on_hand": 0,
    "created_at": "2026-11-22T07:12:00.000Z",
    "updated_at": "2026-11-22T07:12:00.000Z"
  } satisfies components["schemas"]["Product"],
  "ProductUpdate": {
    "price": 109.5
  } satisfies components["schemas"]["ProductUpdate"],
  "ProductUpdated": {
    "id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
    "object": "product",
    "livemode": false,
    "sku": "PEN-01",
    "name": "Ballpoint pen, blue",
    "description": null,
    "price": 109.5,
    "gst_rate": 18,
    "cess_rate": 0,
    "rates_effective_from": null,
    "hsn_code": "96081019",
    "hsn_missing": false,
    "unit": "NOS",
    "track_stock": true,
    "allow_negative_stock": false,
    "reorder_level": 50,
    "stock_on_hand": 497,
    "created_at": "2026-11-22T07:10:00.000Z",
    "updated_at": "2026-11-23T05:30:00.000Z"
  } satisfies components["schemas"]["Product"],
  "ShippingBill": {
    "port_code": "INNSA1",
    "number": "4512863",
    "date": "2026-11-24"
  } satisfies components["schemas"]["ShippingBill"],
  "StockAdjustmentCreate": {
    "quantity": -3,
    "reason": "damage",
    "note": "Box dropped in the warehouse"
  } satisfies components["schemas"]["StockAdjustmentCreate"],
  "StockMovement": {
    "id": "stm_01jd5d2e4f6g8h0j2k4m6n8p0q",
    "object": "stock_movement",
    "livemode": false,
    "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
    "quantity": -3,
    "kind": "adjustment",
    "reason": "damage",
    "note": "Box dropped in the warehouse",
    "source_id": null,
    "stock_after": 497,
    "created_at": "2026-11-22T08:00:00.000Z"
  } satisfies components["schemas"]["StockMovement"],
  "StockMovementList": {
    "object": "list",
    "data": [
      {
        "id": "stm_01jd5d2e4f6g8h0j2k4m6n8p0q",
        "object": "stock_movement",
        "livemode": false,
        "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "quantity": -3,
        "kind": "adjustment",
        "reason": "damage",
        "note": "Box dropped in the warehouse",
        "source_id": null,
        "stock_after": 497,
        "created_at": "2026-11-22T08:00:00.000Z"
      },
      {
        "id": "stm_01jd5a9c1d3e5f7g9h1j3k5m7p",
        "object": "stock_movement",
        "livemode": false,
        "product_id": "prd_01jd4p1a2b3c4d5e6f7g8h9j0k",
        "quantity": 500,
        "kind": "opening",
        "reason": null,
        "note": null,
        "source_id": null,
        "stock_after": 500,
        "created_at": "2026-11-22T07:10:00.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["StockMovementList"],
  "Webhook": {
    "id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
    "object": "webhook",
    "livemode": false,
    "url": "https://erp.acme-traders.example.in/hooks/bahi",
    "events": [
      "party.created",
      "invoice.created",
      "invoice.paid",
      "payment.created"
    ],
    "description": "ERP sync",
    "status": "enabled",
    "disabled_reason": null,
    "created_at": "2026-11-22T06:45:00.000Z",
    "updated_at": "2026-11-22T06:45:00.000Z"
  } satisfies components["schemas"]["Webhook"],
  "WebhookCreate": {
    "url": "https://erp.acme-traders.example.in/hooks/bahi",
    "events": [
      "party.created",
      "invoice.created",
      "invoice.paid",
      "payment.created"
    ],
    "description": "ERP sync"
  } satisfies components["schemas"]["WebhookCreate"],
  "WebhookDeleted": {
    "id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
    "object": "webhook",
    "deleted": true
  } satisfies components["schemas"]["WebhookDeleted"],
  "WebhookDeliveryList": {
    "object": "list",
    "data": [
      {
        "id": "dlv_01jd5a0m2n4p6q8r0s2t4v6w8x",
        "object": "webhook_delivery",
        "livemode": false,
        "webhook_id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
        "event_id": "evt_01jd5a0k3m7q2r8s4t6v9w1x3z",
        "attempt": 2,
        "status": "succeeded",
        "response_status": 200,
        "latency_ms": 184,
        "error": null,
        "created_at": "2026-11-22T07:00:06.000Z",
        "next_attempt_at": null
      },
      {
        "id": "dlv_01jd5a0k3m7q2r8s4t6v9w1x40",
        "object": "webhook_delivery",
        "livemode": false,
        "webhook_id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
        "event_id": "evt_01jd5a0k3m7q2r8s4t6v9w1x3z",
        "attempt": 1,
        "status": "failed",
        "response_status": 503,
        "latency_ms": 412,
        "error": null,
        "created_at": "2026-11-22T07:00:01.000Z",
        "next_attempt_at": "2026-11-22T07:00:06.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["WebhookDeliveryList"],
  "WebhookDeliveryResent": {
    "id": "dlv_01jd5b2c4e6g8j0k2m4n6p8r0s",
    "object": "webhook_delivery",
    "livemode": false,
    "webhook_id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
    "event_id": "evt_01jd5a0k3m7q2r8s4t6v9w1x3z",
    "attempt": 3,
    "status": "pending",
    "response_status": null,
    "latency_ms": null,
    "error": null,
    "created_at": "2026-11-23T09:15:00.000Z",
    "next_attempt_at": "2026-11-23T09:15:00.000Z"
  } satisfies components["schemas"]["WebhookDelivery"],
  "WebhookDisabled": {
    "id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
    "object": "webhook",
    "livemode": false,
    "url": "https://erp.acme-traders.example.in/hooks/bahi",
    "events": [
      "party.created",
      "invoice.created",
      "invoice.paid",
      "payment.created"
    ],
    "description": "ERP sync",
    "status": "disabled",
    "disabled_reason": "manual",
    "created_at": "2026-11-22T06:45:00.000Z",
    "updated_at": "2026-11-23T06:00:00.000Z"
  } satisfies components["schemas"]["Webhook"],
  "WebhookList": {
    "object": "list",
    "data": [
      {
        "id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
        "object": "webhook",
        "livemode": false,
        "url": "https://erp.acme-traders.example.in/hooks/bahi",
        "events": [
          "party.created",
          "invoice.created",
          "invoice.paid",
          "payment.created"
        ],
        "description": "ERP sync",
        "status": "enabled",
        "disabled_reason": null,
        "created_at": "2026-11-22T06:45:00.000Z",
        "updated_at": "2026-11-22T06:45:00.000Z"
      }
    ],
    "has_more": false,
    "next_cursor": null
  } satisfies components["schemas"]["WebhookList"],
  "WebhookRotateSecret": {
    "overlap_seconds": 86400
  } satisfies components["schemas"]["WebhookRotateSecret"],
  "WebhookSecretRotated": {
    "id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
    "object": "webhook",
    "livemode": false,
    "url": "https://erp.acme-traders.example.in/hooks/bahi",
    "events": [
      "party.created",
      "invoice.created",
      "invoice.paid",
      "payment.created"
    ],
    "description": "ERP sync",
    "status": "enabled",
    "disabled_reason": null,
    "created_at": "2026-11-22T06:45:00.000Z",
    "updated_at": "2026-11-24T06:00:00.000Z",
    "secret": "whsec_fpRhMfzfHvEuenD66Je80LjeouQ6XzLaXKmXIS0hzIs="
  } satisfies components["schemas"]["WebhookWithSecret"],
  "WebhookUpdate": {
    "enabled": false
  } satisfies components["schemas"]["WebhookUpdate"],
  "WebhookWithSecret": {
    "id": "whk_01jd4z8x6v4t2s0r8q6p4n2m0k",
    "object": "webhook",
    "livemode": false,
    "url": "https://erp.acme-traders.example.in/hooks/bahi",
    "events": [
      "party.created",
      "invoice.created",
      "invoice.paid",
      "payment.created"
    ],
    "description": "ERP sync",
    "status": "enabled",
    "disabled_reason": null,
    "created_at": "2026-11-22T06:45:00.000Z",
    "updated_at": "2026-11-22T06:45:00.000Z",
    "secret": "whsec_njKTr90coVjg4rDaYMBOYrm7OgQA4CS0+Vrni7pev7M="
  } satisfies components["schemas"]["WebhookWithSecret"],
};
