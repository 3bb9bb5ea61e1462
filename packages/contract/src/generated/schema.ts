// Generated from spec/ by packages/contract/scripts/generate.mjs. Do not edit.
export interface paths {
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the account
         * @description Returns the business profile of the account that owns the API key.
         */
        get: operations["retrieveAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the business profile
         * @description Changes the legal name, trade name or address printed on future documents. Documents already issued
         *     keep the profile as it was when they were issued. The address must lie in the GSTIN's state.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/v1/account/einvoice_settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the e-invoice settings
         * @description How the account registers its e-invoices in the key's mode: Bahi's sandbox (the default) or the
         *     NIC e-invoice API at a base URL (NIC's own, or a GSP's), with the credentials' non-secret parts.
         *     The client secret and password are never answered: `credentials_set` says whether they are held.
         */
        get: operations["retrieveEinvoiceSettings"];
        put?: never;
        /**
         * Set the e-invoice settings
         * @description Sets, whole, how the account registers its e-invoices in the key's mode. With `nic`, documents are
         *     committed with their numbers first and registered with the IRP right after, outside every lock
         *     (`einvoice_status` `pending`, then `registered` or `failed`). The client secret and password are
         *     sealed at rest and never answered back or logged. Test mode never reaches the government's
         *     production IRP.
         *
         *     Errors: 400 `validation_failed` (for `nic`, a missing field, or a `public_key` that is not an RSA
         *     public key in PEM); 422 `einvoice_base_url_refused` (a private address the operator has not
         *     allowed, or `http` in live mode), `einvoice_production_in_test_mode`, `idempotency_key_reused`;
         *     409 `idempotency_request_in_progress`.
         */
        post: operations["updateEinvoiceSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Lists the keys of the calling key's mode, newest first, revoked and expired ones included. Secrets are never shown, only their prefix and last four characters.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates a key of the calling key's mode (a test key creates test keys). The new key's scopes must be
         *     among the caller's. The answer carries the secret, once: Bahi stores only its hash.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Stops the key at once. Revoking is final; revoking a revoked key returns it unchanged. A key may revoke itself.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key
         * @description Issues a new key with the same name, mode, scopes and `expires_at`, and sets the old key to expire
         *     after `old_key_expires_in` seconds (0: at once), so that deployments can switch over without
         *     downtime. A revoked or expired key cannot be rotated (409). The caller receives the new key's
         *     secret, so it must hold every scope of the key it rotates, as it would to create that key (403
         *     `scope_escalation`).
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit_entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit log
         * @description The account's security-relevant actions, newest first: members' sign-ins (and failed ones), API
         *     keys created, rotated and revoked, members invited, joined, removed and their roles changed,
         *     two-factor turned on or off, webhook secrets rotated, the business profile changed, and personal
         *     access tokens made or revoked, each with who did it and when. The same log the application shows
         *     at `/app/audit-log`. It is the account's whole log, whatever the key's mode: `livemode` says which
         *     mode an entry's object belongs to, `null` for what belongs to the whole account.
         *
         *     The scope `audit:read` is its own: no other scope implies it. Among members, owners and admins
         *     hold it (so their personal access tokens and the keys they create may carry it); developers,
         *     accountants and viewers do not, and cannot give it to a key they create.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit_notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List credit notes
         * @description Lists the credit notes of the key's mode, newest first, optionally filtered by invoice, party or date
         *     (inclusive; `date_to` before `date_from` is a 400).
         */
        get: operations["listCreditNotes"];
        put?: never;
        /**
         * Create a credit note
         * @description Issues a credit note against an issued invoice: for the whole invoice (`whole: true`) or for some of its
         *     lines (`items`, by quantity or by value). The note takes the invoice's place of supply and rates, gets the
         *     next number of the credit note series and, when the invoice has an IRN, its own IRN (document type
         *     `CRN`). Its total first settles the invoice's unpaid balance (`credited_to_party`); the rest is
         *     `refund_due`. With `restock` (the default for `sales_return`) returned goods go back into stock.
         *
         *     Errors, beyond the request's shape (400):
         *     - 422 `unknown_invoice` (`/invoice_id`); `unknown_sku` (`/items/{i}/sku`: not on the invoice);
         *       `credit_exceeds_creditable` (`/items/{i}/qty` or `/items/{i}/taxable_value`, or `/whole` when
         *       nothing is left to credit); `date_in_future`, `date_before_invoice`, `financial_year_closed` and
         *       `credit_note_too_late` (`/date`); `idempotency_key_reused`.
         *     - 409 `invoice_cancelled`; `einvoice_pending` (the invoice is still being registered with a live IRP, or
         *       its registration failed: it has no IRN to refer to yet); `idempotency_request_in_progress`.
         *     - 402 `subscription_paused` (live mode only).
         */
        post: operations["createCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit_notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a credit note
         * @description Returns a credit note with its lines, totals and e-invoice details.
         */
        get: operations["retrieveCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit_notes/{id}/einvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a credit note's e-invoice
         * @description Returns the credit note as the e-invoice JSON (INV-01, schema version 1.1, document type `CRN`) that
         *     Bahi registered with the Invoice Registration Portal, in the shape of an invoice's. The IRP's answer
         *     is on the note. A note whose invoice has no IRN has none: 404 `einvoice_not_applicable`.
         */
        get: operations["retrieveCreditNoteEinvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit_notes/{id}/einvoice/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a credit note's registration
         * @description Sends a credit note whose registration `failed` to the IRP again, once you have fixed what
         *     `einvoice_error` named (the account's e-invoice settings, say), as
         *     `POST /v1/invoices/{id}/einvoice/retry` does for an invoice. The note goes back to `pending`; the
         *     call waits for the IRP up to `BAHI_EINVOICE_WAIT_MS` (`EINVOICE_WAIT_MS`) and answers the note as it
         *     then stands, and `credit_note.einvoice_registered` or `credit_note.einvoice_failed` follows. If the earlier
         *     attempt's outcome was unknown, the IRP is asked for the document before it is sent again, so it
         *     never gets a second IRN. A `pending` or `registered` note is answered as it is.
         *
         *     Errors: 404 `einvoice_not_applicable` (the note's invoice has no IRN, so the note has no
         *     e-invoice); 409 `idempotency_request_in_progress`; 422 `idempotency_key_reused`.
         */
        post: operations["retryCreditNoteEinvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit_notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a credit note as PDF
         * @description Returns the credit note as a printable A4 PDF (`application/pdf`), with its fonts embedded, to email
         *     to the customer, print or keep. `copy` chooses the copy's label; the rest of the document is the same.
         *
         *     Everything Rule 53 of the CGST Rules asks a credit note to carry is printed: the supplier, the note's
         *     number and date, the invoice it credits (its number and date) and that invoice's recipient, the
         *     reason, each line's HSN or SAC, value and tax, the totals in figures and in words, and the signature
         *     block; an e-invoiced note adds its IRN, Ack No and date and the signed QR code.
         *
         *     Amounts use Indian grouping (₹1,23,456.50). Long documents run over as many pages as they need, the
         *     table's header repeated and "Page x of y" on each; a document of 1,000 lines takes well under a second
         *     to make. The same document, account details and copy give the same bytes: the `ETag` is their hash,
         *     and a request whose `If-None-Match` holds it is answered `304 Not Modified` without a body.
         */
        get: operations["retrieveCreditNotePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit_notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List debit notes
         * @description Lists the debit notes of the key's mode, newest first, optionally filtered by invoice, party or date
         *     (inclusive; `date_to` before `date_from` is a 400).
         */
        get: operations["listDebitNotes"];
        put?: never;
        /**
         * Create a debit note
         * @description Issues a debit note against an issued invoice, raising the taxable value of some of its lines
         *     (`items`, by SKU and value). The note takes the invoice's place of supply and rates, gets the next
         *     number of the debit note series and, when the invoice has an IRN, its own IRN (document type
         *     `DBN`). Its total is added to the invoice's `amount_debited` and `balance_due`. It moves no stock.
         *
         *     Errors, beyond the request's shape (400):
         *     - 422 `unknown_invoice` (`/invoice_id`); `unknown_sku` (`/items/{i}/sku`: not on the invoice);
         *       `date_in_future`, `date_before_invoice` and `financial_year_closed` (`/date`);
         *       `idempotency_key_reused`.
         *     - 409 `invoice_cancelled`; `einvoice_pending` (the invoice is still being registered with a live IRP, or
         *       its registration failed: it has no IRN to refer to yet); `idempotency_request_in_progress`.
         *     - 402 `subscription_paused` (live mode only).
         */
        post: operations["createDebitNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit_notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a debit note
         * @description Returns a debit note with its lines, totals and e-invoice details.
         */
        get: operations["retrieveDebitNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit_notes/{id}/einvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a debit note's e-invoice
         * @description Returns the debit note as the e-invoice JSON (INV-01, schema version 1.1, document type `DBN`) that
         *     Bahi registered with the Invoice Registration Portal, in the shape of an invoice's. The IRP's answer
         *     is on the note. A note whose invoice has no IRN has none: 404 `einvoice_not_applicable`.
         */
        get: operations["retrieveDebitNoteEinvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit_notes/{id}/einvoice/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a debit note's registration
         * @description Sends a debit note whose registration `failed` to the IRP again, once you have fixed what
         *     `einvoice_error` named (the account's e-invoice settings, say), as
         *     `POST /v1/invoices/{id}/einvoice/retry` does for an invoice. The note goes back to `pending`; the
         *     call waits for the IRP up to `BAHI_EINVOICE_WAIT_MS` (`EINVOICE_WAIT_MS`) and answers the note as it
         *     then stands, and `debit_note.einvoice_registered` or `debit_note.einvoice_failed` follows. If the earlier
         *     attempt's outcome was unknown, the IRP is asked for the document before it is sent again, so it
         *     never gets a second IRN. A `pending` or `registered` note is answered as it is.
         *
         *     Errors: 404 `einvoice_not_applicable` (the note's invoice has no IRN, so the note has no
         *     e-invoice); 409 `idempotency_request_in_progress`; 422 `idempotency_key_reused`.
         */
        post: operations["retryDebitNoteEinvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit_notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a debit note as PDF
         * @description Returns the debit note as a printable A4 PDF (`application/pdf`), with its fonts embedded, to email
         *     to the customer, print or keep. `copy` chooses the copy's label; the rest of the document is the same.
         *
         *     Everything Rule 53 of the CGST Rules asks a debit note to carry is printed: the supplier, the note's
         *     number and date, the invoice it debits (its number and date) and that invoice's recipient, the
         *     reason, each line's HSN or SAC, value and tax, the totals in figures and in words, and the signature
         *     block; an e-invoiced note adds its IRN, Ack No and date and the signed QR code.
         *
         *     Amounts use Indian grouping (₹1,23,456.50). Long documents run over as many pages as they need, the
         *     table's header repeated and "Page x of y" on each; a document of 1,000 lines takes well under a second
         *     to make. The same document, account details and copy give the same bytes: the `ETag` is their hash,
         *     and a request whose `If-None-Match` holds it is answered `304 Not Modified` without a body.
         */
        get: operations["retrieveDebitNotePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/einvoice/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the e-invoice signing keys
         * @description Public and unauthenticated: the RSA public keys of Bahi's IRP sandbox as a JSON Web Key Set, so that
         *     anyone holding an invoice can verify its signed QR code and signed invoice (RS256 JWTs) without an API
         *     key. Select the key by the JWT header's `kid`. The set changes rarely; cache it and fetch it again when a
         *     token names a `kid` you do not have.
         */
        get: operations["retrieveEinvoiceJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Lists the events of the calling key's mode, newest first, from the last 30 days (EVENT_RETENTION_DAYS).
         *     Use it to catch up on what a webhook missed: page with `created_gte` set to the last event you handled.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description Returns an event of the calling key's mode. Events older than 30 days (EVENT_RETENTION_DAYS) are gone
         *     and, like ids of another account or mode, answer 404.
         */
        get: operations["retrieveEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gstr1/{period}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a GSTR-1 return
         * @description Builds the GSTR-1 of a month from the invoices and credit notes dated in it. With `format=portal` (the
         *     default) the answer is the JSON file that the GST portal accepts for upload; save it and upload it as is.
         *     With `format=summary` it is an overview: per section, the number of documents and their amounts, and
         *     `warnings` about anything the portal would reject (fix those before uploading).
         *
         *     The period is `MMYYYY` or `YYYY-MM`; any other form, or a month that has not begun, is a 400
         *     (`invalid_period`) naming the accepted forms.
         */
        get: operations["retrieveGstr1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices
         * @description Lists the invoices of the key's mode, newest first, optionally filtered. Filters combine (all must
         *     match); `date_from` and `date_to` are inclusive, and `date_to` before `date_from` is a 400.
         */
        get: operations["listInvoices"];
        put?: never;
        /**
         * Create an invoice
         * @description Issues a GST tax invoice to a customer and, for a registered buyer or an export, registers it with the
         *     Invoice Registration Portal (Bahi's sandbox in test mode), filling in `irn`, `ack_no`, `ack_date`,
         *     `signed_qr_code` and `signed_invoice`. The number is the next of the financial year's series; a create
         *     that fails does not use one up.
         *
         *     Bahi takes each line's HSN code, unit and GST rate from the product, sets the place of supply (the
         *     party's state unless `place_of_supply` overrides it) and computes the tax: CGST + SGST/UTGST within the
         *     business's state, IGST across states, for exports and to SEZ units, and no tax at all on an export or
         *     SEZ supply made under a letter of undertaking (`under_lut`). A deemed export (`deemed_export`) is taxed
         *     like any other supply. Goods delivered elsewhere than to the buyer (`ship_to`) keep the buyer's place of
         *     supply, and the e-invoice names the consignee (`ShipDtls`). Each line's tax is rounded half-up to the paisa and
         *     the total to the rupee (`round_off`). Goods that track stock leave it, one stock movement per line.
         *
         *     Errors, beyond the request's shape (400):
         *     - 422 `unknown_party` (`/party_id`); `unknown_sku`, `hsn_missing` (a product without an HSN code on an
         *       invoice to a registered buyer or an export) and `rate_not_in_force` (the product's GST rate is not in
         *       force on the invoice date), each at `/items/{i}/sku`; `discount_exceeds_gross` at
         *       `/items/{i}/discount`; `date_in_future` and `financial_year_closed` at `/date`;
         *       `due_date_before_date` at `/due_date`; `not_zero_rated` at `/under_lut`;
         *       `deemed_export_unregistered` and `deemed_export_zero_rated` at `/deemed_export`;
         *       `invalid_gstin`, `state_mismatch` and `einvoice_party_incomplete` under `/ship_to`;
         *       `not_an_export` at `/shipping_bill`; `shipping_bill_before_invoice` and `date_in_future` at
         *       `/shipping_bill/date`; `reverse_charge_unregistered`
         *       and `reverse_charge_sez` at `/reverse_charge`; `idempotency_key_reused`.
         *     - 409 `insufficient_stock`, naming the SKU in `detail` and the line as `/items/{i}/qty`;
         *       `idempotency_request_in_progress`.
         *     - 402 `subscription_paused`, or `plan_limit_exceeded` when the plan's live invoices for the month are
         *       used up (live mode only).
         */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an invoice
         * @description Returns an invoice with its lines, totals, payment state and e-invoice details.
         */
        get: operations["retrieveInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an invoice
         * @description Cancels an invoice, and its IRN with the Invoice Registration Portal, with the e-invoice reason and a
         *     remark. This is allowed only within 24 hours (`EINVOICE_CANCEL_WINDOW_HOURS`) of the IRN's generation
         *     (of the invoice's creation, for an invoice without an IRN), and only while no payment is allocated to
         *     it and no credit or debit note is issued against it. After that, issue a credit note instead.
         *
         *     The invoice keeps its number, which is never reused (GSTR-1 reports it as cancelled); the goods on it go
         *     back into stock; its `balance_due` becomes 0.
         *
         *     Errors: 409 `cancel_window_closed` (more than 24 hours: issue a credit note),
         *     `invoice_has_payments` (a payment is allocated to it: issue a credit note),
         *     `einvoice_pending` (its registration with a live IRP has not given an IRN yet),
         *     `irp_cancel_failed` (the live IRP refused or did not answer the cancellation: the invoice is unchanged),
         *     `invoice_has_credit_notes`, `invoice_has_debit_notes`, `invoice_cancelled` (already cancelled) and
         *     `idempotency_request_in_progress`; 402 `subscription_paused` (live mode only); 422
         *     `idempotency_key_reused`.
         */
        post: operations["cancelInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/einvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an invoice's e-invoice
         * @description Returns the invoice as the government's e-invoice JSON (INV-01, schema version 1.1) that Bahi
         *     registered with the Invoice Registration Portal: PascalCase keys, dates as `dd/mm/yyyy`, amounts with two
         *     decimals. The IRP's answer (IRN, acknowledgement, signed QR code and signed invoice) is on the invoice.
         *     An invoice outside e-invoicing (to an unregistered buyer in India) has none: 404
         *     `einvoice_not_applicable`.
         */
        get: operations["retrieveInvoiceEinvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/einvoice/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry an invoice's registration
         * @description Sends an invoice whose registration `failed` to the IRP again, once you have fixed what
         *     `einvoice_error` named (the account's e-invoice settings, say). The invoice goes back to
         *     `pending`; the call waits for the IRP up to `BAHI_EINVOICE_WAIT_MS` (`EINVOICE_WAIT_MS`) and answers
         *     the invoice as it then stands, and `invoice.einvoice_registered` or `invoice.einvoice_failed` follows.
         *     If the earlier attempt's outcome was unknown, the IRP is asked for the document before it is sent
         *     again, so it never gets a second IRN. A `pending` or `registered` invoice is answered as it is.
         *
         *     Errors: 404 `einvoice_not_applicable` (the invoice has no e-invoice); 409 `invoice_cancelled`,
         *     `idempotency_request_in_progress`; 422 `idempotency_key_reused`.
         */
        post: operations["retryInvoiceEinvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an invoice as PDF
         * @description Returns the invoice as a printable A4 PDF (`application/pdf`), with its fonts embedded, to email
         *     to the customer, print or keep. `copy` chooses the copy's label; the rest of the document is the same.
         *
         *     Everything Rule 46 of the CGST Rules asks a tax invoice to carry is printed: the supplier's and the
         *     recipient's names, addresses and GSTINs (or, for an unregistered recipient, the address and state),
         *     the consecutive number and date, the place of supply with the state's name, whether tax is payable on
         *     reverse charge, each line's HSN or SAC, description, quantity, unit, rate, discount, taxable value
         *     and the rate and amount of CGST and SGST/UTGST or IGST and cess, the totals with the round-off and
         *     the total in words (in lakh and crore), and the signature block. An e-invoice adds its IRN, Ack No and
         *     date, and the IRP's `signed_qr_code` as a QR symbol that decodes to exactly that text. Exports and
         *     supplies to an SEZ carry their endorsement (under LUT, or on payment of IGST); a cancelled invoice is
         *     marked cancelled on every page.
         *
         *     Amounts use Indian grouping (₹1,23,456.50). Long documents run over as many pages as they need, the
         *     table's header repeated and "Page x of y" on each; a document of 1,000 lines takes well under a second
         *     to make. The same document, account details and copy give the same bytes: the `ETag` is their hash,
         *     and a request whose `If-None-Match` holds it is answered `304 Not Modified` without a body.
         */
        get: operations["retrieveInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/shipping_bill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an export's shipping bill
         * @description Records the customs shipping bill of an export of goods (place of supply `96`), usually filed after
         *     the invoice is issued, and sends an `invoice.shipping_bill_recorded` event. GSTR-1 reports it with
         *     the export (`sbpcode`, `sbnum`, `sbdt`); customs refunds IGST paid on an export once they match its
         *     records. Recording another replaces it, to correct a mistake; recording the same one again changes
         *     nothing and sends no event. The invoice's e-invoice, registered at issue, does not change.
         *
         *     Errors: 422 `not_an_export` (the invoice is not an export), `shipping_bill_before_invoice` and
         *     `date_in_future` at `/date`, `idempotency_key_reused`; 409 `invoice_cancelled` and
         *     `idempotency_request_in_progress`; 402 `subscription_paused` (live mode only).
         */
        post: operations["recordInvoiceShippingBill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/parties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List parties
         * @description Lists the parties of the calling key's mode, newest first. Filters combine: a party is listed when it
         *     matches all of those given.
         */
        get: operations["listParties"];
        put?: never;
        /**
         * Create a party
         * @description Creates a customer or supplier in the calling key's mode and sends a `party.created` event.
         *
         *     A registered party is given by its GSTIN. The GSTIN's shape is part of the contract (400); its check
         *     character and state code are business rules (422 `invalid_gstin`). The party's `state_code` is taken
         *     from the GSTIN, and an address, if given, must lie in that state (422 `state_mismatch`). An
         *     unregistered party (no `gstin`) needs an address, whose state becomes the party's state (422
         *     `address_required`). A unit or developer in a Special Economic Zone is marked `sez`, which needs a
         *     GSTIN (422 `sez_unregistered`).
         *
         *     A GSTIN belongs to at most one party per account and mode: creating a second party with it is a 409
         *     `duplicate_gstin`, and the problem's `existing_id` names the party that has it.
         */
        post: operations["createParty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/parties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a party
         * @description Returns a party of the calling key's mode. The id of a party of another account or mode, or a string
         *     that is not a party id, is a 404.
         */
        get: operations["retrieveParty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a party
         * @description Changes a party's type, name, GSTIN, contact details or address and sends a `party.updated` event.
         *     Fields left out keep their values; `null` clears a nullable field. A patch that changes nothing
         *     writes nothing: no event, and `updated_at` stays.
         *
         *     The changed party follows the same rules as a new one: a valid GSTIN (422 `invalid_gstin`), an address
         *     in the GSTIN's state (422 `state_mismatch`), an address for an unregistered party (422
         *     `address_required`), a GSTIN for an SEZ unit (422 `sez_unregistered`), and a GSTIN no other party has
         *     (409 `duplicate_gstin`, with `existing_id`).
         *
         *     Changes apply to documents created afterwards only: invoices, payments and credit notes already issued
         *     keep the snapshot of the party they were issued with.
         */
        patch: operations["updateParty"];
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments
         * @description Lists the payments of the key's mode, newest first, optionally filtered by party, by an invoice they are
         *     allocated to, or by date (inclusive; `date_to` before `date_from` is a 400).
         */
        get: operations["listPayments"];
        put?: never;
        /**
         * Record a payment
         * @description Records money received from a customer and, optionally, sets it against the customer's invoices at once
         *     (at most 100 allocations, `MAX_PAYMENT_ALLOCATIONS`). Each allocation lowers the invoice's `balance_due`
         *     and moves it to `partially_paid` or `paid`; what is not allocated stays on the payment as
         *     `unallocated_amount`, for `POST /v1/payments/{id}/allocations` later.
         *
         *     Errors, beyond the request's shape (400):
         *     - 422 `unknown_party` (`/party_id`); `date_in_future` (`/date`); `unknown_invoice`,
         *       `invoice_of_other_party` and `duplicate_allocation` at `/allocations/{i}/invoice_id`;
         *       `allocation_exceeds_balance` and `allocation_exceeds_payment` at `/allocations/{i}/amount`;
         *       `idempotency_key_reused`.
         *     - 409 `invoice_cancelled` (a cancelled invoice cannot be paid), at `/allocations/{i}/invoice_id`;
         *       `idempotency_request_in_progress`.
         *     - 402 `subscription_paused` (live mode only).
         */
        post: operations["createPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a payment
         * @description Returns a payment with its allocations and the amount not yet allocated.
         */
        get: operations["retrievePayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/allocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Allocate a payment
         * @description Sets the payment's unallocated amount against more invoices of the same party. The allocations apply
         *     together or not at all. Errors are those of `createPayment`'s allocations (422
         *     `allocation_exceeds_payment` when they add up to more than `unallocated_amount`), and 422
         *     `too_many_allocations` when the payment would hold more than 100 (`MAX_PAYMENT_ALLOCATIONS`).
         */
        post: operations["allocatePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description Lists the products of the calling key's mode, newest first. Filters combine: a product is listed when
         *     it matches all of those given.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product
         * @description Creates goods or a service in the calling key's mode and sends a `product.created` event. A non-zero
         *     `opening_stock` is recorded as the product's first stock movement (`kind` `opening`).
         *
         *     Besides the shape checked as 400, these business rules apply:
         *     - A product whose HSN code starts with `99` is a service and must use unit `NA`; goods must not use
         *       `NA` (422 `invalid_unit`). An HSN code of chapter `00` does not exist (422 `invalid_hsn`).
         *     - A product in `NA` carries no stock: `track_stock: true` or an `opening_stock` for it, or an opening
         *       stock with `track_stock: false`, is a 422 `stock_not_allowed`.
         *     - A SKU belongs to at most one product per account and mode: a second product with it is a 409
         *       `duplicate_sku`, and the problem's `existing_id` names the product that has it.
         *
         *     A product may be created without an HSN code; it is then `hsn_missing` until one is set.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a product
         * @description Returns a product of the calling key's mode, with its `stock_on_hand`. The id of a product of another
         *     account or mode, or a string that is not a product id, is a 404.
         */
        get: operations["retrieveProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a product
         * @description Changes a product's fields and sends a `product.updated` event. Fields left out keep their values;
         *     `null` clears a nullable field. A patch that changes nothing writes nothing: no event, and
         *     `updated_at` stays. Stock is not set here: record a stock adjustment instead.
         *
         *     The changed product follows the same rules as a new one (422 `invalid_unit`, `invalid_hsn` and
         *     `stock_not_allowed`, 409 `duplicate_sku` with `existing_id`). Turning `track_stock` off freezes
         *     `stock_on_hand`; turning it on again resumes from that value. Goods that hold stock become a service
         *     (`unit` `NA`) only once an adjustment has brought their stock to 0 (422 `stock_not_allowed` at
         *     `/unit`).
         *
         *     Changes apply to documents created afterwards only: invoice and credit note lines already issued keep
         *     the snapshot of the product they were issued with.
         */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/v1/products/{id}/rate_history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a product's rate history
         * @description Lists the periods of a product's GST and cess rates, newest first: its current rates first
         *     (`valid_until` is `null`), then each pair of rates it had before, with the dates they applied, back
         *     to the rates it was created with (`valid_from` is `null`). A product whose rates never changed has
         *     one period, with both dates `null`. The periods cover every date, without gap or overlap: an invoice
         *     created now takes, for each line, the rates of its product's period that holds the invoice's date,
         *     so this is where to see which rates a back-dated invoice will carry. Invoices already issued keep
         *     the rates they were issued with, even where a later change, dated back, now covers their date.
         *
         *     A period begins when a change of rates takes effect: on the `rates_effective_from` of a
         *     `PATCH /v1/products/{id}` that changes them (today in India when left out), or, for a product
         *     import that changes them, on the day in India that it ran. A change that takes effect on the same
         *     day as the change before it replaces the rates that change set: they applied to no date, and leave
         *     no period (so neighbouring periods carry the same rates when a change was undone on the day it
         *     took effect). Other fields of the product have no history here.
         *
         *     Paged like every list; the cursor is a date (see `starting_after`). The id of a product of another
         *     account or mode, or a string that is not a product id, is a 404.
         */
        get: operations["listProductRateHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{id}/stock_adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust a product's stock
         * @description Records a change of stock outside invoices and credit notes (damage, theft, a count correction, a
         *     return, …) as a stock movement of `kind` `adjustment`, and answers with that movement. The product's
         *     `stock_on_hand` changes by `quantity` at once.
         *
         *     The product must track stock (422 `stock_not_tracked`). A decrease that would take the stock below
         *     zero is refused unless the product has `allow_negative_stock`, and below −9,999,999,999.999 in any
         *     case (409 `insufficient_stock`); an increase is made even while the stock stays below zero, but not
         *     above 9,999,999,999.999 (409 `stock_above_maximum`). When the
         *     adjustment takes the stock from above the product's `reorder_level` to at or below it, Bahi sends a
         *     `product.stock_low` event.
         */
        post: operations["createStockAdjustment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{id}/stock_movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a product's stock movements
         * @description Lists the stock movements of a product, newest first: its stock ledger, from the opening stock to the
         *     latest sale. Each movement says what caused it and the stock right after it.
         */
        get: operations["listStockMovements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import products from a file
         * @description Uploads a CSV or Excel file of products and imports it in the background. The answer (202) comes as
         *     soon as the file has been read, with `status` `queued` and the `columns` understood; poll
         *     `GET /v1/products/imports/{id}` until the import is `completed` or `failed`.
         *
         *     Send the file as the body (`Content-Type: text/csv`, or the `.xlsx` type, whose first worksheet is
         *     read), or as `multipart/form-data` with the file in the field `file` and, for a workbook, the name of
         *     the worksheet in `sheet`. Any other `Content-Type` is a 415.
         *
         *     Limits and up-front checks, before anything is imported:
         *     - the body is at most 10 MiB (MAX_IMPORT_BYTES, 10,485,760 bytes): larger is a 413;
         *     - the file holds at most 50,000 data rows (MAX_IMPORT_ROWS): more is a 422 `too_many_rows`, and so
         *       is a CSV of more than 100,001 lines (MAX_IMPORT_LINES: twice the rows and the header), blank lines
         *       and the lines of cells that span several included;
         *     - a file that is not readable as UTF-8 CSV or as an `.xlsx` workbook is a 422 `unreadable_file`, a
         *       `sheet` the workbook does not have a 422 `sheet_not_found`, and a header row that lacks a SKU column
         *       or a name column a 422 `missing_columns`;
         *     - a form without a `file` field is a 400.
         *
         *     Each data row then creates a product (a new SKU) or updates the product with its SKU, and ends
         *     `created`, `updated`, `flagged` (imported, but check it) or `rejected` (not imported); see the
         *     ProductImport object.
         */
        post: operations["createProductImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a product import
         * @description Returns an import with its progress (`status`, `rows_done` of `rows_total`), the outcome counts, how
         *     the columns were read, and the outcome of the first 1,000 rows (MAX_IMPORT_ROWS_LISTED). Poll it every
         *     few seconds until `status` is `completed` or `failed`.
         */
        get: operations["retrieveProductImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/imports/{id}/errors.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the problems of a product import
         * @description Returns every problem of every flagged and rejected row of an import as a CSV file (UTF-8, header
         *     row first), without the 1,000-row limit of the import's `rows`: one line per problem, so a row with
         *     two problems has two lines. Its columns are `row` (the spreadsheet row number), `sku`, `outcome`
         *     (`flagged` or `rejected`), `column` (the header of the column at fault, blank when the whole row is)
         *     and `reason`. Fix the rows and import the file again: rows already imported are updated, not
         *     duplicated.
         *
         *     While the import runs, the file holds the rows done so far; an import without problems gives the
         *     header line alone.
         */
        get: operations["retrieveProductImportErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description Lists the webhooks of the calling key's mode, newest first, disabled ones included. Secrets are never
         *     shown here.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description Subscribes `url` to the listed event types (or `["*"]` for all) of the calling key's mode. The answer
         *     carries the signing secret (`whsec_…`), once: store it to verify deliveries.
         *
         *     The URL must be allowed (422 `url_not_allowed`): live-mode webhooks need `https`, and targets on
         *     private, loopback, link-local or cloud metadata addresses are refused unless the operator allows them
         *     with `BAHI_WEBHOOK_ALLOWED_HOSTS`. An account has at most 16 webhooks per mode (MAX_WEBHOOKS; 422
         *     `webhook_limit_reached`).
         *
         *     Only events that happen after the webhook is created are delivered to it.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook
         * @description Returns a webhook of the calling key's mode, without its secret. The id of a webhook of another
         *     account or mode, or a string that is not a webhook id, is a 404.
         */
        get: operations["retrieveWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Deletes a webhook for good: it receives nothing more, its pending retries are cancelled and its
         *     delivery log is deleted. Deleting it again is a 404.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook
         * @description Changes a webhook's URL, event types or description, or disables or enables it. Fields left out keep
         *     their values. A new URL follows the same rules as at creation (422 `url_not_allowed`).
         *
         *     `enabled: false` stops deliveries (status `disabled`, `disabled_reason` `manual`) and cancels pending
         *     retries. `enabled: true` enables the webhook again, also after Bahi disabled it for failing; it then
         *     receives events that happen from then on. Events missed while it was disabled can be read with
         *     `GET /v1/events`.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's deliveries
         * @description Lists the delivery attempts of a webhook, newest first: one entry per attempt, with the answer's
         *     status and latency or the error. Attempts are kept as long as their event (30 days,
         *     EVENT_RETENTION_DAYS).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a delivery
         * @description Sends a delivery's event to its webhook again: a new attempt, due at once, with the same
         *     `webhook-id` header (the event's id), so a receiver that already has the event ignores the repeat.
         *     The new attempt is in the delivery log beside the earlier ones (its `attempt` one more than the
         *     event's last), signed with the webhook's current secret. Any attempt of the webhook may be resent,
         *     whatever its status; an attempt of the same event still pending is replaced by the new one, so an
         *     event never has two retry schedules. If the new attempt fails, it is retried on the usual schedule
         *     while the event is less than 72 hours old (WEBHOOK_RETRY_WINDOW_HOURS).
         *
         *     Errors: 404 for a webhook or delivery of another account or mode, or a delivery of another
         *     webhook; 409 `webhook_disabled` (enable the webhook first), `event_expired` (the event is older
         *     than the 30 days events are kept, EVENT_RETENTION_DAYS), `idempotency_request_in_progress`;
         *     422 `idempotency_key_reused`.
         */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's secret
         * @description Replaces a webhook's signing secret and answers with the new one, shown once. For `overlap_seconds`
         *     (default 86,400, at most 604,800: MAX_SECRET_OVERLAP_SECONDS) every delivery is signed with both the
         *     new and the old secret (two signatures in `webhook-signature`), so you can deploy the new secret
         *     without rejecting deliveries; after that, only the new secret signs. A rotation during an overlap
         *     ends the earlier overlap: at most two secrets sign at any time.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The business behind the API keys, with its GST profile. One account holds separate test and live data. */
        Account: {
            address: components["schemas"]["Address"];
            /**
             * @description The last financial year whose books are closed: no document may be dated in it or before it
             *     (422 `financial_year_closed`). `null` while no year is closed.
             */
            books_closed_through: components["schemas"]["FinancialYear"] | null;
            created_at: components["schemas"]["Timestamp"];
            credit_note_number_format: components["schemas"]["NumberFormat"];
            debit_note_number_format: components["schemas"]["NumberFormat"];
            gstin: components["schemas"]["Gstin"];
            /** @example acc_01jd4k9m2x7qv3t8w5y6z0abcd */
            id: string;
            invoice_number_format: components["schemas"]["NumberFormat"];
            /**
             * @description The legal name registered with GST (e-invoice `LglNm`).
             * @example Acme Traders Private Limited
             */
            legal_name: string;
            number_reset: components["schemas"]["NumberReset"];
            /** @constant */
            object: "account";
            /**
             * @description The PAN, taken from the GSTIN (its characters 3 to 12).
             * @example AABCU9603R
             */
            pan: string;
            plan: components["schemas"]["Plan"];
            state_code: components["schemas"]["StateCode"];
            /**
             * @description `paused` accounts can read everything but cannot write live-mode data (402 `subscription_paused`).
             * @example active
             * @enum {string}
             */
            subscription_status: "active" | "paused";
            /**
             * @description The trade name printed on invoices, when it differs from the legal name.
             * @example Acme Traders
             */
            trade_name: string | null;
        };
        /**
         * @description Changes to the business profile. The GSTIN (and with it the PAN and state) is not changed through the
         *     API: a new GSTIN is a new registration, set up by the operator. A number format that cannot produce
         *     a valid number of at most 16 characters is a 422 (`invalid_number_format`).
         */
        AccountUpdate: {
            /** @description The seller's address on e-invoices, whose `city` (`Loc`) the IRP wants of at least 3 characters. */
            address?: components["schemas"]["Address"] & {
                city?: string;
            };
            books_closed_through?: components["schemas"]["FinancialYear"] | null;
            credit_note_number_format?: components["schemas"]["NumberFormat"];
            debit_note_number_format?: components["schemas"]["NumberFormat"];
            invoice_number_format?: components["schemas"]["NumberFormat"];
            /**
             * @description At least 3 characters: the account is the seller of every e-invoice, and the IRP refuses a seller's
             *     legal name (`LglNm`) shorter than that.
             * @example Acme Traders Private Limited
             */
            legal_name?: string;
            number_reset?: components["schemas"]["NumberReset"];
            /** @example Acme */
            trade_name?: string | null;
        };
        /** @description A postal address in India (an address abroad has a `country` instead of `state_code` and `pin`). */
        Address: {
            /** @example Bengaluru */
            city: string;
            /** @example 12 MG Road */
            line1: string;
            /** @example null */
            line2?: string | null;
            pin: components["schemas"]["Pin"];
            state_code: components["schemas"]["StateCode"];
        };
        /** @description An API key. Its secret is shown once, when the key is created or rotated; Bahi keeps only a hash. */
        ApiKey: {
            created_at: components["schemas"]["Timestamp"];
            /** @description When the key stops working, or `null` if it does not expire. */
            expires_at: components["schemas"]["Timestamp"] | null;
            /** @example key_01jd4k9m2x7qv3t8w5y6z0abcd */
            id: string;
            /**
             * @description The last four characters of the secret.
             * @example x9Kd
             */
            last4: string;
            /**
             * @description `true` for `sk_live_` keys, which work on live data; `false` for `sk_test_` keys.
             * @example false
             */
            livemode: boolean;
            /**
             * @description A label for people.
             * @example Billing backend
             */
            name: string | null;
            /** @constant */
            object: "api_key";
            /**
             * @description The first characters of the secret, to recognise the key.
             * @example sk_test_4fQ
             */
            prefix: string;
            /** @description When the key was revoked, or `null`. */
            revoked_at: components["schemas"]["Timestamp"] | null;
            /**
             * @example [
             *       "invoices:read",
             *       "invoices:write"
             *     ]
             */
            scopes: components["schemas"]["Scope"][];
            /**
             * @description The key itself (`sk_test_…` or `sk_live_…`), to send as `Authorization: Bearer …`. Present only in
             *     the answers to create and rotate: Bahi keeps just a hash, so it cannot be shown again.
             * @example sk_test_4fQ8n2Lr7Tz1Vb5Xc9Md3Kp6Hs0Wg2Ye4Uj8Ra1x9Kd
             */
            secret?: string;
        };
        /**
         * @description A new key of the calling key's mode. Its scopes must be among the caller's own scopes (a key cannot
         *     grant what it does not have).
         */
        ApiKeyCreate: {
            /** @description When the key stops working; must be in the future. Leave it out for a key that does not expire. */
            expires_at?: components["schemas"]["Timestamp"];
            /** @example Billing backend */
            name?: string;
            /**
             * @example [
             *       "invoices:read",
             *       "invoices:write"
             *     ]
             */
            scopes: components["schemas"]["Scope"][];
        };
        /** @description A page of API keys, newest first. */
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /** @description How long the old key keeps working after the new one is issued. */
        ApiKeyRotate: {
            /**
             * @description Seconds the old key keeps working, from 0 (it stops at once) to 604,800 (seven days, the longest overlap).
             * @default 0
             * @example 86400
             */
            old_key_expires_in?: number;
        };
        /** @description A new API key with its secret. The secret is shown only in this answer; store it now. */
        ApiKeyWithSecret: WithRequired<components["schemas"]["ApiKey"], "secret">;
        /**
         * @description What was done. New actions may be added within `/v1`: show or skip ones you do not know.
         * @example api_key.created
         * @enum {string}
         */
        AuditAction: "member.signed_in" | "member.sign_in_failed" | "member.signed_out_everywhere" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "member.password_reset" | "member.totp_enabled" | "member.totp_disabled" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook.secret_rotated" | "account.updated" | "personal_access_token.created" | "personal_access_token.revoked";
        /**
         * @description One security-relevant action on the account: who did it (a member, an API key or the operator),
         *     what, to which object, from which address and when. Entries are written in the same transaction as
         *     the change they record.
         */
        AuditEntry: {
            action: components["schemas"]["AuditAction"];
            /** @description Who acted. `email` is the member's, for a member; `null` otherwise. `app_id` is the OAuth app (its `client_id`) that acted for the member with an access token; `null` otherwise. */
            actor: {
                /** @example oap_01jd5c7e9g1j3k5m7n9p1r3s5a */
                app_id: string | null;
                /** @example owner@acme.example */
                email: string | null;
                /**
                 * @description The member's (`mem_…`) or the key's (`key_…`) id; `null` for the operator.
                 * @example mem_01jd4x2y3z4a5b6c7d8e9f0g1h
                 */
                id: string | null;
                /**
                 * @example member
                 * @enum {string}
                 */
                type: "member" | "api_key" | "operator";
            };
            /**
             * @description The IP address the request came from, when it came through the application.
             * @example 203.0.113.7
             */
            address: string | null;
            created_at: components["schemas"]["Timestamp"];
            /**
             * @description What changed, e.g. a role's `from` and `to`, or a key's `scopes`.
             * @example {
             *       "scopes": [
             *         "invoices:read"
             *       ]
             *     }
             */
            details: {
                [key: string]: unknown;
            };
            /** @example aud_01jd5c7e9g1j3k5m7n9p1r3s5t */
            id: string;
            /**
             * @description The mode of the object acted on; `null` for what belongs to the whole account (members, sign-ins).
             * @example true
             */
            livemode: boolean | null;
            /** @constant */
            object: "audit_entry";
            /**
             * @description The object acted on (a key, a member, a webhook), or `null`.
             * @example key_01jd5c6d8f0h2j4k6m8n0p2q4r
             */
            target_id: string | null;
        };
        /** @description A page of audit log entries, newest first. */
        AuditEntryList: {
            data: components["schemas"]["AuditEntry"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description The compensation cess rate in percent, with at most three decimals (e-invoice `CesRt`). Compensation
         *     cess ended on 1 February 2026: a non-zero rate applies only to documents dated before then, and is
         *     kept for those historic periods.
         * @example 0
         */
        CessRate: number;
        /**
         * @description A country other than India, as its ISO 3166-1 alpha-2 code (`US`, `AE`, `GB`, …); the e-invoice
         *     names it as an export's `ExpDtls.CntCode`.
         * @example US
         * @enum {string}
         */
        CountryCode: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
        /**
         * @description A credit note (GST section 34): it reduces the value and tax of an issued invoice, for goods returned,
         *     a discount after the sale, a service that fell short or an overcharge. It has its own number series,
         *     consecutive per financial year, and, when its invoice has an IRN, its own IRN (document type `CRN`).
         *     It takes the invoice's place of supply, supply type and reverse charge, and its amounts are computed
         *     and rounded as an invoice's.
         *
         *     Its `total` first settles what is still unpaid on the invoice (`credited_to_party`, which lowers the
         *     invoice's `balance_due`); the rest, which the party has already paid, is `refund_due`.
         */
        CreditNote: {
            /** @description When the IRP registered the credit note, or `null`. */
            ack_date: components["schemas"]["Timestamp"] | null;
            /** @description The IRP's acknowledgement number, or `null` without an IRN. */
            ack_no: components["schemas"]["IrpAckNumber"] | null;
            cess: components["schemas"]["Money"];
            cgst: components["schemas"]["Money"];
            created_at: components["schemas"]["Timestamp"];
            /** @description The part of `total` set off against the invoice's unpaid balance (added to its `amount_credited`). */
            credited_to_party: components["schemas"]["Money"];
            date: components["schemas"]["LocalDate"];
            /** @description Why the last attempt to register the credit note failed (while `pending` or `failed`), or `null`. */
            einvoice_error: components["schemas"]["EInvoiceError"] | null;
            einvoice_status: components["schemas"]["EInvoiceStatus"];
            /** @example crn_01jd5a3b4c5d6e7f8g9h0j1k2m */
            id: string;
            igst: components["schemas"]["Money"];
            /**
             * @description The invoice credited.
             * @example inv_01jd4r5t6v7w8x9y0z1a2b3c4d
             */
            invoice_id: string;
            /** @description The credit note's IRN (document type `CRN`), or `null` when its invoice has none. */
            irn: components["schemas"]["Irn"] | null;
            /** @description The credited lines, 1 to 1,000 (`MAX_INVOICE_ITEMS`). */
            items: components["schemas"]["CreditNoteItem"][];
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /** @description The credit note's number, in its own series (e.g. `CN/26-27/000001`). */
            number: components["schemas"]["DocumentNumber"];
            /** @constant */
            object: "credit_note";
            /**
             * @description The invoice's customer.
             * @example pty_01jd4n0q8r7s6t5v4w3x2y1z0a
             */
            party_id: string;
            place_of_supply: components["schemas"]["PlaceOfSupply"];
            reason: components["schemas"]["CreditNoteReason"];
            /** @description The part of `total` beyond the invoice's unpaid balance when the note was issued, which the party had already paid and is owed back. */
            refund_due: components["schemas"]["Money"];
            /**
             * @description Whether the credited units of goods went back into stock.
             * @example true
             */
            restock: boolean;
            /**
             * @description Whether the invoice was under reverse charge; the tax is then shown but left out of `total`.
             * @example false
             */
            reverse_charge: boolean;
            /**
             * @description What rounding added to the note's own value (between −0.99 and 0.99). The notes of an invoice
             *     round together: each note's `total` is the value credited by the invoice's notes so far, this one
             *     included, rounded half-up to the rupee, less the totals of the notes before it. So the notes of an
             *     invoice never add up to more than its `total`, and once all of it is credited they add up to
             *     exactly its `total` (notes rounded one by one could exceed it: four returns of 118.50, 118.50,
             *     118.50 and 118.48 against 474.00).
             */
            round_off: components["schemas"]["SignedMoney"];
            sgst: components["schemas"]["Money"];
            /**
             * @description How to print `sgst`, as on the invoice.
             * @example SGST
             * @enum {string}
             */
            sgst_label: "SGST" | "UTGST";
            /** @description The IRP's signed copy of the credit note's e-invoice (a JWT), or `null` without an IRN. */
            signed_invoice: components["schemas"]["IrpJwt"] | null;
            /** @description The IRP's signed QR code (a JWT), or `null` without an IRN. */
            signed_qr_code: components["schemas"]["IrpJwt"] | null;
            /**
             * @description The invoice's supply type, which decides CGST + SGST/UTGST or IGST.
             * @example inter_state
             * @enum {string}
             */
            supply_type: "intra_state" | "inter_state";
            taxable_value: components["schemas"]["Money"];
            /** @description The value credited, a whole number of rupees. */
            total: components["schemas"]["Money"];
        };
        /**
         * @description A credit note against an issued invoice: give either `whole: true` or `items`. The note cannot credit
         *     more than the invoice still has to credit, line by line (its lines less earlier credit notes): 422
         *     `credit_exceeds_creditable`. A cancelled invoice has nothing to credit (409 `invoice_cancelled`).
         */
        CreditNoteCreate: {
            /**
             * @description The credit note date. Defaults to today in India Standard Time. Not in the future (422
             *     `date_in_future`), not before the invoice date (422 `date_before_invoice`), not in a financial year
             *     closed for new documents (422 `financial_year_closed`), and at the latest 30 November after the end
             *     of the invoice's financial year, the legal limit for reducing its tax (422 `credit_note_too_late`).
             */
            date?: components["schemas"]["LocalDate"];
            /**
             * @description The invoice to credit. No such invoice in this account and mode is a 422 (`unknown_invoice`, at `/invoice_id`).
             * @example inv_01jd4r5t6v7w8x9y0z1a2b3c4d
             */
            invoice_id: string;
            /** @description The lines to credit, 1 to 1,000 (`MAX_INVOICE_ITEMS`). */
            items?: components["schemas"]["CreditNoteItemCreate"][];
            reason: components["schemas"]["CreditNoteReason"];
            /**
             * @description Whether the credited units of goods that track stock go back into stock. Defaults to `true` for
             *     `sales_return` and to `false` otherwise. Lines credited by value alone and services move no stock.
             * @example true
             */
            restock?: boolean;
            /**
             * @description `true` credits everything on the invoice not yet credited (all of it when no credit note came before).
             * @example true
             * @constant
             */
            whole?: true;
        } & (unknown | unknown);
        /**
         * @description One line of a credit note, in the shape of an invoice line: the credited part of an invoice line, with
         *     its tax computed on its own at the line's rate and rounded half-up to the paisa. A line credited by
         *     value alone has `qty` and `rate` `null`.
         */
        CreditNoteItem: {
            cess: components["schemas"]["Money"];
            cgst: components["schemas"]["Money"];
            /**
             * @description The invoice line's text.
             * @example Ballpoint pen, blue
             */
            description: string;
            /** @description The share of the invoice line's discount that goes with the credited units (0 for a value-only line). */
            discount: components["schemas"]["Money"];
            gst_rate: components["schemas"]["GstRate"];
            /** @description The invoice line's HSN or SAC code; `null` only when the invoice line has none. */
            hsn_code: components["schemas"]["ProductHsnCode"] | null;
            igst: components["schemas"]["Money"];
            /**
             * @description The product of the invoice line.
             * @example prd_01jd4p1a2b3c4d5e6f7g8h9j0k
             */
            product_id: string;
            /** @description The units credited, or `null` for a line credited by value alone. */
            qty: components["schemas"]["Quantity"] | null;
            /** @description The invoice line's price per unit, or `null` for a line credited by value alone. */
            rate: components["schemas"]["UnitPrice"] | null;
            /** @description SGST, or UTGST when the note's `sgst_label` says so. */
            sgst: components["schemas"]["Money"];
            sku: components["schemas"]["ProductSku"];
            taxable_value: components["schemas"]["Money"];
            /** @description The line's credited value with its tax (without it under reverse charge). */
            total: components["schemas"]["Money"];
            unit: components["schemas"]["ProductUnit"];
        };
        /**
         * @description A line of the invoice to credit, named by its SKU, with either a quantity (`qty`: units returned or
         *     not charged, credited at the line's rate, less a proportional share of its discount) or a value
         *     (`taxable_value`: an amount off the line's taxable value, with no quantity, as for a discount after
         *     the sale), not both. When the invoice has several lines with the SKU, they are credited in line order.
         *     Tax is computed on the credited value at the invoice line's GST rate, as on the invoice.
         */
        CreditNoteItemCreate: {
            /**
             * @description Units to credit. More than the line's quantity not yet credited is a 422
             *     (`credit_exceeds_creditable`, at `/items/{i}/qty`).
             */
            qty?: components["schemas"]["Quantity"];
            /** @description The SKU of an invoice line. An SKU not on the invoice is a 422 (`unknown_sku`, at `/items/{i}/sku`). */
            sku: components["schemas"]["ProductSku"];
            /**
             * @description Taxable value to credit, more than 0. More than the line's taxable value not yet credited is a 422
             *     (`credit_exceeds_creditable`, at `/items/{i}/taxable_value`).
             * @example 100
             */
            taxable_value?: components["schemas"]["Money"];
        } & (unknown | unknown);
        /** @description A page of credit notes, newest first. */
        CreditNoteList: {
            data: components["schemas"]["CreditNote"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description Why the credit note is issued: `sales_return` (goods came back), `post_sale_discount` (a discount
         *     agreed after the sale), `deficiency_in_service` (a service fell short), `correction` (the invoice
         *     overstated the price or quantity), `other`.
         * @example sales_return
         * @enum {string}
         */
        CreditNoteReason: "sales_return" | "post_sale_discount" | "deficiency_in_service" | "correction" | "other";
        /**
         * @description A debit note (GST section 34(3)): it raises the value and tax of an issued invoice, for a price
         *     revised upwards, an undercharge or charges billed after the sale. It has its own number series,
         *     consecutive per financial year, and, when its invoice has an IRN, its own IRN (document type `DBN`).
         *     It takes the invoice's place of supply, supply type and reverse charge, and its amounts are computed
         *     as an invoice's: each line's tax half-up to the paisa. Its total rounds to the rupee together with
         *     the invoice's and those of the debit notes before it (see `round_off`).
         *
         *     Its `total` is added to the invoice's `amount_debited`, and so to its `balance_due`: a paid invoice
         *     becomes `partially_paid` again until the party pays the difference. Later credit notes can credit the
         *     debited value too.
         */
        DebitNote: {
            /** @description When the IRP registered the debit note, or `null`. */
            ack_date: components["schemas"]["Timestamp"] | null;
            /** @description The IRP's acknowledgement number, or `null` without an IRN. */
            ack_no: components["schemas"]["IrpAckNumber"] | null;
            cess: components["schemas"]["Money"];
            cgst: components["schemas"]["Money"];
            created_at: components["schemas"]["Timestamp"];
            date: components["schemas"]["LocalDate"];
            /** @description Why the last attempt to register the debit note failed (while `pending` or `failed`), or `null`. */
            einvoice_error: components["schemas"]["EInvoiceError"] | null;
            einvoice_status: components["schemas"]["EInvoiceStatus"];
            /** @example dbn_01jd5c7d8e9f0g1h2j3k4m5n6p */
            id: string;
            igst: components["schemas"]["Money"];
            /**
             * @description The invoice debited.
             * @example inv_01jd4r5t6v7w8x9y0z1a2b3c4d
             */
            invoice_id: string;
            /** @description The debit note's IRN (document type `DBN`), or `null` when its invoice has none. */
            irn: components["schemas"]["Irn"] | null;
            /** @description The debited lines, 1 to 1,000 (`MAX_INVOICE_ITEMS`). */
            items: components["schemas"]["DebitNoteItem"][];
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /** @description The debit note's number, in its own series (e.g. `DN/26-27/000001`). */
            number: components["schemas"]["DocumentNumber"];
            /** @constant */
            object: "debit_note";
            /**
             * @description The invoice's customer.
             * @example pty_01jd4n0q8r7s6t5v4w3x2y1z0a
             */
            party_id: string;
            place_of_supply: components["schemas"]["PlaceOfSupply"];
            reason: components["schemas"]["DebitNoteReason"];
            /**
             * @description Whether the invoice was under reverse charge; the tax is then shown but left out of `total`.
             * @example false
             */
            reverse_charge: boolean;
            /**
             * @description What rounding added to the note's own value (between −0.99 and 0.99). An invoice and its debit
             *     notes round together: each note's `total` is the value billed so far (the invoice's and its
             *     debit notes', this one included) rounded half-up to the rupee, less the totals before it. So
             *     they never bill more than their lines add up to, rounded once, and credit notes that credit all
             *     of it leave nothing to pay (an invoice of 99.50 and a note of 99.50, rounded on their own, would
             *     bill 200 for 199.00).
             */
            round_off: components["schemas"]["SignedMoney"];
            sgst: components["schemas"]["Money"];
            /**
             * @description How to print `sgst`, as on the invoice.
             * @example SGST
             * @enum {string}
             */
            sgst_label: "SGST" | "UTGST";
            /** @description The IRP's signed copy of the debit note's e-invoice (a JWT), or `null` without an IRN. */
            signed_invoice: components["schemas"]["IrpJwt"] | null;
            /** @description The IRP's signed QR code (a JWT), or `null` without an IRN. */
            signed_qr_code: components["schemas"]["IrpJwt"] | null;
            /**
             * @description The invoice's supply type, which decides CGST + SGST/UTGST or IGST.
             * @example inter_state
             * @enum {string}
             */
            supply_type: "intra_state" | "inter_state";
            taxable_value: components["schemas"]["Money"];
            /** @description The value debited, a whole number of rupees (e-invoice `TotInvVal`); under reverse charge, without the tax. */
            total: components["schemas"]["Money"];
        };
        /**
         * @description A debit note against an issued invoice, raising the taxable value of some of its lines. A cancelled
         *     invoice cannot be debited (409 `invoice_cancelled`).
         */
        DebitNoteCreate: {
            /**
             * @description The debit note date. Defaults to today in India Standard Time. Not in the future (422
             *     `date_in_future`), not before the invoice date (422 `date_before_invoice`), and not in a financial
             *     year closed for new documents (422 `financial_year_closed`). Unlike a credit note's, it has no
             *     later limit: section 34(4) of the CGST Act only asks that it is reported in the return of the
             *     month it is issued.
             */
            date?: components["schemas"]["LocalDate"];
            /**
             * @description The invoice to debit. No such invoice in this account and mode is a 422 (`unknown_invoice`, at `/invoice_id`).
             * @example inv_01jd4r5t6v7w8x9y0z1a2b3c4d
             */
            invoice_id: string;
            /**
             * @description The lines to debit, 1 to 1,000 (`MAX_INVOICE_ITEMS`). An invoice that would bill more than
             *     99,999,999,999.99 with its debit notes is a 422 (`amount_out_of_range`, at `/items`).
             */
            items: components["schemas"]["DebitNoteItemCreate"][];
            reason: components["schemas"]["DebitNoteReason"];
        };
        /**
         * @description One line of a debit note: the value added to an invoice line, with its tax computed on its own at the
         *     line's rate and rounded half-up to the paisa.
         */
        DebitNoteItem: {
            cess: components["schemas"]["Money"];
            cgst: components["schemas"]["Money"];
            /**
             * @description The invoice line's text.
             * @example Ballpoint pen, blue
             */
            description: string;
            gst_rate: components["schemas"]["GstRate"];
            /** @description The invoice line's HSN or SAC code; `null` only when the invoice line has none. */
            hsn_code: components["schemas"]["ProductHsnCode"] | null;
            igst: components["schemas"]["Money"];
            /**
             * @description The product of the invoice line.
             * @example prd_01jd4p1a2b3c4d5e6f7g8h9j0k
             */
            product_id: string;
            /** @description SGST, or UTGST when the note's `sgst_label` says so. */
            sgst: components["schemas"]["Money"];
            sku: components["schemas"]["ProductSku"];
            /** @description The taxable value added to the invoice line. */
            taxable_value: components["schemas"]["Money"];
            /** @description The line's added value with its tax (without it under reverse charge). */
            total: components["schemas"]["Money"];
            unit: components["schemas"]["ProductUnit"];
        };
        /**
         * @description A line of the invoice whose value rises, named by its SKU, with the taxable value to add. When the
         *     invoice has several lines with the SKU, the first of them takes it. Tax is computed on the added value
         *     at the invoice line's GST rate, as on the invoice.
         */
        DebitNoteItemCreate: {
            /** @description The SKU of an invoice line. An SKU not on the invoice is a 422 (`unknown_sku`, at `/items/{i}/sku`). */
            sku: components["schemas"]["ProductSku"];
            /**
             * @description Taxable value to add to the line, more than 0.
             * @example 100
             */
            taxable_value: components["schemas"]["Money"];
        };
        /** @description A page of debit notes, newest first. */
        DebitNoteList: {
            data: components["schemas"]["DebitNote"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description Why the debit note is issued: `price_revision` (a price raised after the sale, as the contract
         *     allows), `undercharge` (the invoice stated less than the agreed value), `additional_charges` (freight,
         *     packing or other charges of the supply billed afterwards, taxed at the line's rate as part of it),
         *     `other`.
         * @example price_revision
         * @enum {string}
         */
        DebitNoteReason: "price_revision" | "undercharge" | "additional_charges" | "other";
        /**
         * @description A document number as Rule 46 requires: 1 to 16 characters of capital letters, digits, `-` and `/`,
         *     never starting with `0`, `/` or `-`. Bahi issues it, consecutive within its series and unique within
         *     the financial year (1 April to 31 March); a create that fails or is rolled back does not use up a
         *     number, and concurrent creates never share one.
         * @example INV/26-27/000001
         */
        DocumentNumber: string;
        /**
         * @description The e-invoice of a document as Bahi registers it with the Invoice Registration Portal (IRP): the
         *     government's INV-01 JSON, schema version 1.1, with its own PascalCase keys. Dates are `dd/mm/yyyy`;
         *     amounts are rupees with two decimals; quantities, unit prices and rates have up to three. Bahi sends
         *     the fields below; the schema's other, optional fields (trade names, second address lines, dispatch,
         *     e-commerce and e-way bill details, and the export details beyond the shipping bill and the buyer's
         *     country) are left out. The IRP refuses `"` and `\` in its free-text fields (names, address lines,
         *     localities, item descriptions): Bahi writes them `'` and `/` there, as in `1/2'` for an inch mark.
         */
        EInvoice: {
            BuyerDtls: components["schemas"]["EInvoiceBuyerDtls"];
            DocDtls: components["schemas"]["EInvoiceDocDtls"];
            ExpDtls?: components["schemas"]["EInvoiceExpDtls"];
            /** @description The document's lines, 1 to 1,000 (`MAX_INVOICE_ITEMS`). */
            ItemList: components["schemas"]["EInvoiceItem"][];
            RefDtls?: components["schemas"]["EInvoiceRefDtls"];
            SellerDtls: components["schemas"]["EInvoiceSellerDtls"];
            ShipDtls?: components["schemas"]["EInvoiceShipDtls"];
            TranDtls: components["schemas"]["EInvoiceTranDtls"];
            ValDtls: components["schemas"]["EInvoiceValDtls"];
            /**
             * @description The e-invoice schema version.
             * @constant
             */
            Version: "1.1";
        };
        /** @description The buyer (`BuyerDtls`), from the document's party snapshot, with the place of supply. */
        EInvoiceBuyerDtls: {
            /**
             * @description The first address line.
             * @example Shop 14, Lamington Road
             */
            Addr1: string;
            /** @description The buyer's GSTIN, or `URP` (unregistered person) for a buyer abroad. */
            Gstin: components["schemas"]["Gstin"] | "URP";
            /**
             * @description The legal name.
             * @example Sharma Electronics
             */
            LglNm: string;
            /**
             * @description The city or locality.
             * @example Mumbai
             */
            Loc: string;
            /**
             * @description The six-digit PIN code, as a number; `999999` for a buyer abroad.
             * @example 400007
             */
            Pin: number;
            /** @description The place of supply (`96` for an export). */
            Pos: components["schemas"]["PlaceOfSupply"];
            /** @description The buyer's state code; `96` for a buyer abroad. */
            Stcd: components["schemas"]["PlaceOfSupply"];
        };
        /** @description Document details (`DocDtls`). */
        EInvoiceDocDtls: {
            /**
             * @description The document date, `dd/mm/yyyy`.
             * @example 23/11/2026
             */
            Dt: string;
            No: components["schemas"]["DocumentNumber"];
            /**
             * @description `INV` invoice, `CRN` credit note, `DBN` debit note.
             * @example INV
             * @enum {string}
             */
            Typ: "INV" | "CRN" | "DBN";
        };
        /** @description The last error of a document's registration, as the IRP gave it. */
        EInvoiceError: {
            /**
             * @description The IRP's error code (NIC's, e.g. `2150` duplicate IRN, `3028` GSTIN not present), or Bahi's when the
             *     IRP gave none: `irp_unavailable` (5xx, refused or timed-out connection), `irp_outcome_unknown`
             *     (no answer after the document was sent; Bahi asks the IRP for the document before sending it
             *     again), `irp_not_configured`.
             * @example 3028
             */
            code: string;
            /**
             * @description The IRP's message, or Bahi's.
             * @example GSTIN is not present in invoice system
             */
            message: string;
        };
        /**
         * @description Export details (`ExpDtls`), sent for an export when Bahi knows any of them: the shipping bill when it
         *     was given with the invoice (all three of its fields, or none), and the buyer's country when the
         *     party's address is abroad.
         */
        EInvoiceExpDtls: {
            /** @description The buyer's country, from the party's address abroad. */
            CntCode?: components["schemas"]["CountryCode"];
            /**
             * @description The port of export's code.
             * @example INNSA1
             */
            Port?: string;
            /**
             * @description The shipping bill's date, `dd/mm/yyyy`.
             * @example 27/11/2026
             */
            ShipBDt?: string;
            /**
             * @description The shipping bill's number.
             * @example 4512863
             */
            ShipBNo?: string;
        };
        /**
         * @description One line (`ItemList[]`). `TotAmt = Qty × UnitPrice` rounded to the paisa (but see `TotAmt`),
         *     `AssAmt = TotAmt − Discount`, and `TotItemVal = AssAmt + IgstAmt + CgstAmt + SgstAmt + CesAmt`.
         *     Goods carry their `Unit`; services carry none.
         */
        EInvoiceItem: {
            /** @description The assessable (taxable) value. */
            AssAmt: components["schemas"]["Money"];
            CesAmt: components["schemas"]["Money"];
            CesRt: components["schemas"]["CessRate"];
            CgstAmt: components["schemas"]["Money"];
            /** @description The line's discount. */
            Discount: components["schemas"]["Money"];
            /** @description The total GST rate of the line (18 for 9% CGST + 9% SGST, or 18% IGST). */
            GstRt: components["schemas"]["GstRate"];
            HsnCd: components["schemas"]["ProductHsnCode"];
            IgstAmt: components["schemas"]["Money"];
            /**
             * @description `Y` for a service (an HSN code starting with `99`), else `N`.
             * @example N
             * @enum {string}
             */
            IsServc: "Y" | "N";
            /**
             * @description The line's description.
             * @example Ballpoint pen, blue
             */
            PrdDesc: string;
            /**
             * @description The quantity, with at most three decimals.
             * @example 23
             */
            Qty: number;
            /** @description SGST, or UTGST in a union territory without a legislature. */
            SgstAmt: components["schemas"]["Money"];
            /**
             * @description The line's serial number, from `1`.
             * @example 1
             */
            SlNo: string;
            /**
             * @description Quantity × unit price, rounded to the paisa. A credit note that takes the last units of a line
             *     whose value a debit note raised credits that value too, so its `TotAmt` exceeds `Qty ×
             *     UnitPrice` by it: the IRP's published validations sum a line from its `TotAmt` and no longer
             *     check `TotAmt` against `Qty × UnitPrice`.
             */
            TotAmt: components["schemas"]["Money"];
            /** @description The line's value with all its taxes. */
            TotItemVal: components["schemas"]["Money"];
            /**
             * @description The unit of goods, as a Unit Quantity Code. The IRP requires it of goods and takes 3 to 8
             *     letters, so a service (whose product unit is `NA`) is sent without one.
             */
            Unit?: components["schemas"]["ProductUnit"];
            UnitPrice: components["schemas"]["UnitPrice"];
        };
        /**
         * @description A JSON Web Key Set (RFC 7517) holding the RSA public keys that sign e-invoice JWTs (`signed_qr_code`,
         *     `signed_invoice`) in Bahi's IRP sandbox. Pick the key whose `kid` the token's header names and verify
         *     the RS256 signature, e.g. with `jose`'s `createRemoteJWKSet`. Live documents registered with the
         *     government's IRP are signed with the IRP's key instead, published by the e-invoice system.
         */
        EInvoiceJwks: {
            /** @description The keys in use, newest first. A retired key stays listed while documents signed with it may still be verified. */
            keys: {
                /** @constant */
                alg: "RS256";
                /**
                 * @description The public exponent, base64url without padding (`AQAB` for 65537).
                 * @example AQAB
                 */
                e: string;
                /**
                 * @description The key's id (its RFC 7638 thumbprint), which the JWT header's `kid` names.
                 * @example TXmb4XwUjfgjS5YkGSSILA_HA15Ffe72s9-7X4UpxdA
                 */
                kid: string;
                /** @constant */
                kty: "RSA";
                /**
                 * @description The modulus, base64url without padding.
                 * @example x1wCVbnwshe3DZsB5ylediUKjkHXt9EIWfcgsnFBua_6p7R6UkEVPgWRaTG1ilMcCpQFK32p2utOJcQpvtmiAONvUX3XBh1lBPJq_0tijXoSDKR0pqCT5l0ghfXKCmqzQSaBVBiSMuCtLh9qUj-6GyJOgaBVNxjKo1qEI4MNKLyKEhl6DuLcfK7ipN1Z-8HURYWEb7zhBm0lWi2HEoF-ykj-9i_1E-_meUgEfwQ6PX_E7-8HxlmFqGNnL6UAhQJQNWIq9TropmpbfmMOmuqlAMyebsF7lvJL7XQj-d1md58I1xDgEKBRpS4P5VlvplKk0PaPeM5nFHGnQvviqglluQ
                 */
                n: string;
                /** @constant */
                use: "sig";
            }[];
        };
        /**
         * @description Who registers the account's e-invoices:
         *     - `sandbox`: Bahi's in-process IRP sandbox (the default). It computes the real IRN and signs with
         *       Bahi's own key (`GET /v1/einvoice/jwks`); nothing reaches the government.
         *     - `nic`: the NIC e-invoice API (auth 1.04, core 1.03) at `base_url`: NIC's own sandbox or production
         *       host, or a GSP that relays NIC's API. Registration then runs after the document is committed,
         *       outside every lock; see `einvoice_status`.
         * @example nic
         * @enum {string}
         */
        EInvoiceProvider: "sandbox" | "nic";
        /**
         * @description References (`RefDtls`). Bahi sends them for a credit or debit note: the invoice it adjusts, as
         *     `PrecDocDtls` (preceding document details).
         */
        EInvoiceRefDtls: {
            /** @description The documents this one refers to; for a note, its one invoice. */
            PrecDocDtls: {
                /**
                 * @description The invoice's date, `dd/mm/yyyy`.
                 * @example 23/11/2026
                 */
                InvDt: string;
                /** @description The invoice's number. */
                InvNo: components["schemas"]["DocumentNumber"];
            }[];
        };
        /** @description The seller (`SellerDtls`): the business, from its account profile when the document was issued. */
        EInvoiceSellerDtls: {
            /**
             * @description The first address line.
             * @example 12 MG Road
             */
            Addr1: string;
            Gstin: components["schemas"]["Gstin"];
            /**
             * @description The legal name.
             * @example Acme Traders Private Limited
             */
            LglNm: string;
            /**
             * @description The city or locality.
             * @example Bengaluru
             */
            Loc: string;
            /**
             * @description The six-digit PIN code, as a number.
             * @example 560001
             */
            Pin: number;
            /** @description The state code of the seller's GSTIN. */
            Stcd: components["schemas"]["StateCode"];
        };
        /**
         * @description How the account registers its e-invoices in this mode (test and live mode each have their own).
         *     The secrets (`client_secret`, `password`) are sealed at rest, never answered back and never logged:
         *     `credentials_set` says whether they are held.
         */
        EInvoiceSettings: {
            /**
             * Format: uri
             * @description The IRP's (or GSP's) API base URL; `null` for the sandbox.
             * @example https://einv-apisandbox.nic.in
             */
            base_url: string | null;
            /**
             * @description The API client id NIC (or the GSP) issued; `null` for the sandbox.
             * @example AAACR5055K1Z9BAHI
             */
            client_id: string | null;
            /**
             * @description Whether the client secret and password are held (sealed); `false` for the sandbox.
             * @example true
             */
            credentials_set: boolean;
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /** @constant */
            object: "einvoice_settings";
            provider: components["schemas"]["EInvoiceProvider"];
            /**
             * @description The IRP's public key (PEM) that encrypts the authentication request; `null` for the sandbox.
             * @example -----BEGIN PUBLIC KEY-----
             *     MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…
             *     -----END PUBLIC KEY-----
             */
            public_key: string | null;
            /** @description The IRP's signing keys, which verify its signed QR codes and invoices; `null` when not given. */
            signing_keys: components["schemas"]["EInvoiceJwks"] | null;
            /** @description When the settings were last changed, or `null` while they are the default (the sandbox). */
            updated_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description The e-invoice API user of the GSTIN; `null` for the sandbox.
             * @example API_ACME
             */
            user_name: string | null;
        };
        /**
         * @description The account's e-invoice settings for the key's mode, whole: `{"provider": "sandbox"}` returns to
         *     Bahi's sandbox and forgets the credentials. For `nic`, every field but `signing_keys` is required
         *     (400 `validation_failed` names the missing ones). `base_url` must be `https` in live mode, and must
         *     not reach a private, loopback or link-local address unless the operator allows it
         *     (`BAHI_WEBHOOK_ALLOWED_HOSTS`, as for webhooks): 422 `einvoice_base_url_refused`. Test mode never
         *     reaches the government's production IRP (`EINVOICE_PRODUCTION_HOSTS`): 422 `einvoice_production_in_test_mode`.
         *     New settings apply to documents registered from then on, pending ones included.
         */
        EInvoiceSettingsUpdate: {
            /**
             * Format: uri
             * @example https://einv-apisandbox.nic.in
             */
            base_url?: string;
            /** @example AAACR5055K1Z9BAHI */
            client_id?: string;
            /**
             * @description Sealed at rest; never answered back.
             * @example 8Bz…
             */
            client_secret?: string;
            /**
             * @description Sealed at rest; never answered back.
             * @example …
             */
            password?: string;
            provider: components["schemas"]["EInvoiceProvider"];
            /**
             * @description The IRP's public key for the authentication request, as PEM.
             * @example -----BEGIN PUBLIC KEY-----
             *     MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…
             *     -----END PUBLIC KEY-----
             */
            public_key?: string;
            signing_keys?: components["schemas"]["EInvoiceJwks"];
            /** @example API_ACME */
            user_name?: string;
        };
        /** @description Where the goods are delivered (`ShipDtls`), from the invoice's `ship_to`. */
        EInvoiceShipDtls: {
            /**
             * @description The first address line.
             * @example Plot 7, Bhiwandi Logistics Park
             */
            Addr1: string;
            /** @description The consignee's GSTIN, or `URP` when it is not registered; left out for an address abroad. */
            Gstin?: components["schemas"]["Gstin"] | "URP";
            /**
             * @description The consignee's legal name.
             * @example Sharma Electronics Warehouse
             */
            LglNm: string;
            /**
             * @description The city or locality.
             * @example Bhiwandi
             */
            Loc: string;
            /**
             * @description The six-digit PIN code, as a number; `999999` for an address abroad.
             * @example 421302
             */
            Pin: number;
            /** @description The state code; `96` for an address abroad. */
            Stcd: components["schemas"]["PlaceOfSupply"];
        };
        /**
         * @description Where the document stands with the Invoice Registration Portal (IRP):
         *     - `not_applicable`: outside e-invoicing (a sale to an unregistered buyer in India); no IRN will come.
         *     - `pending`: committed with its number, its registration under way (or queued for a retry after the
         *       IRP was slow or unavailable). The IRN follows, announced by `invoice.einvoice_registered`; a create
         *       waits for it up to `BAHI_EINVOICE_WAIT_MS` (`EINVOICE_WAIT_MS`, 3,000 ms by default) first.
         *     - `registered`: the IRP gave its IRN (`irn`, `ack_no`, `ack_date`, `signed_qr_code`, `signed_invoice`).
         *     - `failed`: the IRP refused the document, or kept failing for `EINVOICE_MAX_ATTEMPTS` tries; `einvoice_error`
         *       says why (the IRP's code and message). Fix what it names (the account's e-invoice settings, the party's
         *       GSTIN…), then `POST /v1/invoices/{id}/einvoice/retry`.
         *
         *     With Bahi's sandbox IRP (the default, and test mode unless set otherwise) a document is registered
         *     as it is issued.
         * @example registered
         * @enum {string}
         */
        EInvoiceStatus: "not_applicable" | "pending" | "registered" | "failed";
        /** @description Transaction details (`TranDtls`). */
        EInvoiceTranDtls: {
            /**
             * @description `Y` when the buyer pays the tax under reverse charge, else `N`.
             * @example N
             * @enum {string}
             */
            RegRev: "Y" | "N";
            /**
             * @description The supply type: `B2B` to a registered buyer, `SEZWP`/`SEZWOP` to an SEZ with/without payment of
             *     IGST, `EXPWP`/`EXPWOP` an export with/without payment of IGST, `DEXP` a deemed export
             *     (`deemed_export`). Bahi's
             *     exports (place of supply 96) and supplies to SEZ parties are "without payment" when made under a
             *     letter of undertaking (`under_lut`) or when they charge no IGST at all (goods at 0%).
             * @example B2B
             * @enum {string}
             */
            SupTyp: "B2B" | "SEZWP" | "SEZWOP" | "EXPWP" | "EXPWOP" | "DEXP";
            /**
             * @description The tax scheme, always `GST`.
             * @constant
             */
            TaxSch: "GST";
        };
        /**
         * @description The document's totals (`ValDtls`): sums of the lines, and
         *     `TotInvVal = AssVal + CgstVal + SgstVal + IgstVal + CesVal + OthChrg − Discount + RndOffAmt`, as the
         *     IRP checks. `TotInvVal` equals the document's `total`, except under reverse charge, where it includes
         *     the tax that the buyer pays to the government.
         */
        EInvoiceValDtls: {
            /** @description The sum of the lines' assessable values. */
            AssVal: components["schemas"]["Money"];
            CesVal: components["schemas"]["Money"];
            CgstVal: components["schemas"]["Money"];
            /** @description A discount on the whole document, after tax; always 0 in Bahi, whose discounts are on lines. */
            Discount: components["schemas"]["Money"];
            IgstVal: components["schemas"]["Money"];
            /** @description Other charges on the whole document; always 0 in Bahi. */
            OthChrg: components["schemas"]["Money"];
            /** @description Rounding to the rupee, between −99.99 and 99.99. */
            RndOffAmt: components["schemas"]["SignedMoney"];
            SgstVal: components["schemas"]["Money"];
            /** @description The document's total value. */
            TotInvVal: components["schemas"]["Money"];
        };
        /**
         * @description A change that happened, written in the same database transaction as the change itself: nothing is
         *     announced that did not happen, and nothing that happened goes unannounced. Events are kept for 30 days
         *     (EVENT_RETENTION_DAYS). Webhooks receive this object as the body of their deliveries.
         */
        Event: {
            created_at: components["schemas"]["Timestamp"];
            data: {
                /** @description The object that changed, as it was right after the change; its `object` field tells which kind it is. */
                object: components["schemas"]["Party"] | components["schemas"]["Product"] | components["schemas"]["Invoice"] | components["schemas"]["Payment"] | components["schemas"]["CreditNote"] | components["schemas"]["DebitNote"] | components["schemas"]["Webhook"];
            };
            /**
             * @description The event's id, also the `webhook-id` of its deliveries; use it to ignore a delivery you have already handled.
             * @example evt_01jd5a0k3m7q2r8s4t6v9w1x3z
             */
            id: string;
            /**
             * @description `true` for a change of live-mode data, `false` for test mode.
             * @example false
             */
            livemode: boolean;
            /** @constant */
            object: "event";
            type: components["schemas"]["EventType"];
        };
        /** @description A page of events, newest first. */
        EventList: {
            data: components["schemas"]["Event"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description The kind of change an event announces; `data.object` is the object right after the change.
         *     - `party.created`: a party was created (`data.object` is the Party).
         *     - `party.updated`: a party's fields changed (the Party).
         *     - `product.created`: a product was created, directly or by an import (the Product).
         *     - `product.updated`: a product's own fields changed, directly or by an import; stock movements alone do
         *       not send it (the Product).
         *     - `product.stock_low`: a stock movement took `stock_on_hand` from above the product's `reorder_level`
         *       to at or below it (the Product).
         *     - `invoice.created`: an invoice was issued (the Invoice).
         *     - `invoice.cancelled`: an invoice was cancelled (the Invoice).
         *     - `invoice.einvoice_registered`: the IRP registered an invoice after it was committed (a live IRP:
         *       `einvoice_status` went from `pending` to `registered`; the Invoice, with its IRN).
         *     - `invoice.einvoice_failed`: the IRP refused an invoice, or kept failing (the Invoice, `einvoice_status`
         *       `failed`, with the IRP's code and message in `einvoice_error`).
         *     - `invoice.shipping_bill_recorded`: an export's shipping bill was recorded or corrected (the Invoice).
         *     - `invoice.partially_paid`: a payment or credit note covered part of an invoice's balance (the Invoice).
         *     - `invoice.paid`: an invoice's balance reached zero (the Invoice).
         *     - `payment.created`: a payment was recorded (the Payment).
         *     - `credit_note.created`: a credit note was issued (the CreditNote).
         *     - `credit_note.einvoice_registered`, `credit_note.einvoice_failed`: as the invoice's events, for a credit
         *       note registered with a live IRP after it was committed (the CreditNote).
         *     - `debit_note.created`: a debit note was issued (the DebitNote). Its invoice owes the note's total
         *       more, and a paid invoice is `partially_paid` again: no `invoice.*` event says so.
         *     - `debit_note.einvoice_registered`, `debit_note.einvoice_failed`: the same for a debit note (the DebitNote).
         *     - `webhook.disabled`: Bahi disabled a webhook after about three days of failed deliveries (the Webhook).
         *       It is sent to the account's other webhooks that subscribe to it.
         *
         *     New types may be added within `/v1`: ignore types you do not know.
         * @example invoice.created
         * @enum {string}
         */
        EventType: "party.created" | "party.updated" | "product.created" | "product.updated" | "product.stock_low" | "invoice.created" | "invoice.cancelled" | "invoice.shipping_bill_recorded" | "invoice.einvoice_registered" | "invoice.einvoice_failed" | "invoice.partially_paid" | "invoice.paid" | "payment.created" | "credit_note.created" | "credit_note.einvoice_registered" | "credit_note.einvoice_failed" | "debit_note.created" | "debit_note.einvoice_registered" | "debit_note.einvoice_failed" | "webhook.disabled";
        /** @description One bad field of a request. */
        FieldError: {
            /**
             * @description Machine-readable reason, e.g. `required`, `type`, `pattern`, `unknown_field`, `minimum`, `nul_character`, `invalid_gstin`.
             * @example minimum
             */
            code: string;
            /**
             * @description The reason for people.
             * @example must be greater than 0
             */
            message: string;
            /**
             * @description JSON Pointer (RFC 6901) to the field: into the body (`/items/0/qty`), or, for query, path and
             *     header parameters, `/query/limit`, `/path/id` or `/header/idempotency-key`. An empty string
             *     names the whole body.
             * @example /items/0/qty
             */
            pointer: string;
        };
        /**
         * @description An Indian financial year, April to March, written `2026-27`.
         * @example 2025-26
         */
        FinancialYear: string;
        /**
         * @description A postal address outside India, told apart from an address in India by its `country` (it has no
         *     `state_code` or `pin`). A party with one is abroad: its `state_code` is `96` (Other Countries), and
         *     invoices to it are exports unless their `place_of_supply` says otherwise.
         */
        ForeignAddress: {
            /** @example New York */
            city: string;
            country: components["schemas"]["CountryCode"];
            /** @example 350 Fifth Avenue */
            line1: string;
            /** @example Suite 4100 */
            line2?: string | null;
            /**
             * @description The postal or ZIP code as the country writes it, if it has one.
             * @example 10118
             */
            postal_code?: string | null;
        };
        /**
         * @description A GSTIN: state code, PAN, entity number, `Z` (usually) and a check character. The pattern is checked
         *     as part of the request's shape (400); the check character and the state code are checked as business
         *     rules (422, code `invalid_gstin`).
         * @example 29AABCU9603R1ZJ
         */
        Gstin: string;
        /** @description The invoices to one registered buyer. */
        Gstr1B2b: {
            /** @description The buyer's GSTIN. */
            ctin: components["schemas"]["Gstin"];
            inv: components["schemas"]["Gstr1B2bInvoice"][];
        };
        /** @description An invoice to a registered buyer (table 4). */
        Gstr1B2bInvoice: {
            idt: components["schemas"]["Gstr1Date"];
            inum: components["schemas"]["DocumentNumber"];
            /**
             * @description `R` regular, `SEWP`/`SEWOP` to an SEZ with/without payment of IGST (without: under a LUT, or no IGST charged), `DE` deemed export (`deemed_export`).
             * @example R
             * @enum {string}
             */
            inv_typ: "R" | "SEWP" | "SEWOP" | "DE";
            /** @description One row per GST rate. */
            itms: components["schemas"]["Gstr1Item"][];
            pos: components["schemas"]["PlaceOfSupply"];
            /**
             * @description `Y` under reverse charge, else `N`.
             * @example N
             * @enum {string}
             */
            rchrg: "Y" | "N";
            /** @description The invoice value (its total; under reverse charge, its taxable value with the tax, rounded to the rupee, as its e-invoice's `TotInvVal`). */
            val: components["schemas"]["Money"];
        };
        /**
         * @description Inter-state invoices to unregistered buyers above the B2CL threshold (`B2CL_INVOICE_VALUE_THRESHOLD`):
         *     invoice value above ₹1,00,000 for invoices dated from 1 August 2024, above ₹2,50,000 before; grouped
         *     by place of supply.
         */
        Gstr1B2cl: {
            inv: components["schemas"]["Gstr1B2clInvoice"][];
            pos: components["schemas"]["PlaceOfSupply"];
        };
        /** @description A large inter-state invoice to an unregistered buyer (table 5). */
        Gstr1B2clInvoice: {
            idt: components["schemas"]["Gstr1Date"];
            inum: components["schemas"]["DocumentNumber"];
            /** @description One row per GST rate. */
            itms: components["schemas"]["Gstr1IgstItem"][];
            /** @description The invoice value. */
            val: components["schemas"]["Money"];
        };
        /**
         * @description Every other sale to unregistered buyers (table 7), summed by supply type, place of supply and rate,
         *     net of the period's credit notes against those invoices (of this period or an earlier one), as the
         *     portal takes table 7. The amounts are therefore negative when the period's credit notes for a supply
         *     type, place and rate exceed its sales there (an October invoice credited in November, with no
         *     November sale at that place and rate); the summary warns of such rows (`negative_net_value`). Every
         *     numeric key is present, zeros included.
         */
        Gstr1B2cs: {
            camt: components["schemas"]["SignedMoney"];
            csamt: components["schemas"]["SignedMoney"];
            iamt: components["schemas"]["SignedMoney"];
            pos: components["schemas"]["PlaceOfSupply"];
            rt: components["schemas"]["GstRate"];
            samt: components["schemas"]["SignedMoney"];
            /**
             * @description `INTRA` (CGST + SGST/UTGST) or `INTER` (IGST).
             * @example INTRA
             * @enum {string}
             */
            sply_ty: "INTRA" | "INTER";
            txval: components["schemas"]["SignedMoney"];
            /**
             * @description `OE`: not through an e-commerce operator.
             * @constant
             */
            typ: "OE";
        };
        /** @description The credit and debit notes to one registered buyer. */
        Gstr1Cdnr: {
            /** @description The buyer's GSTIN. */
            ctin: components["schemas"]["Gstin"];
            nt: components["schemas"]["Gstr1CdnrNote"][];
        };
        /** @description A credit or debit note to a registered buyer (table 9B). Amounts are positive; `ntty` gives the sign. */
        Gstr1CdnrNote: {
            /**
             * @description The type of the invoice the note adjusts, as in `b2b`.
             * @example R
             * @enum {string}
             */
            inv_typ: "R" | "SEWP" | "SEWOP" | "DE";
            /** @description One row per GST rate. */
            itms: components["schemas"]["Gstr1Item"][];
            nt_dt: components["schemas"]["Gstr1Date"];
            nt_num: components["schemas"]["DocumentNumber"];
            /**
             * @description `C` credit note, `D` debit note.
             * @example C
             * @enum {string}
             */
            ntty: "C" | "D";
            pos: components["schemas"]["PlaceOfSupply"];
            /**
             * @description `Y` under reverse charge, else `N`.
             * @example N
             * @enum {string}
             */
            rchrg: "Y" | "N";
            /** @description The note's value (its total; under reverse charge, its taxable value with the tax, rounded to the rupee, as its e-invoice's `TotInvVal`). */
            val: components["schemas"]["Money"];
        };
        /**
         * @description A credit or debit note to an unregistered buyer against a B2CL invoice or an export (table 9B); notes
         *     against other B2C invoices reduce the `b2cs` rows instead. Amounts are positive; `ntty` gives the sign.
         */
        Gstr1Cdnur: {
            /** @description One row per GST rate. */
            itms: components["schemas"]["Gstr1IgstItem"][];
            nt_dt: components["schemas"]["Gstr1Date"];
            nt_num: components["schemas"]["DocumentNumber"];
            /**
             * @description `C` credit note, `D` debit note.
             * @example C
             * @enum {string}
             */
            ntty: "C" | "D";
            /** @description The place of supply; present when `typ` is `B2CL`, left out for exports. */
            pos?: components["schemas"]["PlaceOfSupply"];
            /**
             * @description The kind of invoice adjusted: `B2CL`, or an export with (`EXPWP`) or without (`EXPWOP`) payment of IGST.
             * @example B2CL
             * @enum {string}
             */
            typ: "B2CL" | "EXPWP" | "EXPWOP";
            /** @description The note's value. */
            val: components["schemas"]["Money"];
        };
        /**
         * @description A date in GSTR-1's form, `dd-mm-yyyy`.
         * @example 23-11-2026
         */
        Gstr1Date: string;
        /**
         * @description The documents issued in the period (table 13): for each kind, each number series' first and last
         *     number, how many were issued, how many of them were cancelled, and `net_issue = totnum − cancel`.
         */
        Gstr1DocIssue: {
            doc_det: {
                /**
                 * @description `1` invoices for outward supply, `4` debit notes, `5` credit notes.
                 * @example 1
                 * @enum {integer}
                 */
                doc_num: 1 | 4 | 5;
                docs: {
                    /**
                     * @description Documents of the range cancelled.
                     * @example 1
                     */
                    cancel: number;
                    from: components["schemas"]["DocumentNumber"];
                    /**
                     * @description `totnum − cancel`.
                     * @example 2
                     */
                    net_issue: number;
                    /**
                     * @description The row's serial number, from 1.
                     * @example 1
                     */
                    num: number;
                    to: components["schemas"]["DocumentNumber"];
                    /**
                     * @description Documents issued in the range, cancelled ones included.
                     * @example 3
                     */
                    totnum: number;
                }[];
            }[];
        };
        /** @description Export invoices, grouped by whether IGST was paid (`WPAY`) or not (`WOPAY`, under a bond or LUT, or no IGST charged at all). */
        Gstr1Exp: {
            /**
             * @example WPAY
             * @enum {string}
             */
            exp_typ: "WPAY" | "WOPAY";
            inv: components["schemas"]["Gstr1ExpInvoice"][];
        };
        /**
         * @description An export invoice (table 6A), with its shipping bill (`sbpcode`, `sbnum`, `sbdt`) once recorded on the
         *     invoice (`shipping_bill`); an export of services has none.
         */
        Gstr1ExpInvoice: {
            idt: components["schemas"]["Gstr1Date"];
            inum: components["schemas"]["DocumentNumber"];
            itms: components["schemas"]["Gstr1ExpItem"][];
            sbdt?: components["schemas"]["Gstr1Date"];
            /**
             * @description The shipping bill's number.
             * @example 4512863
             */
            sbnum?: string;
            /**
             * @description The port of export's code.
             * @example INNSA1
             */
            sbpcode?: string;
            /** @description The invoice value. */
            val: components["schemas"]["Money"];
        };
        /** @description One row of an export invoice, per GST rate. Every key is present, zeros included. */
        Gstr1ExpItem: {
            csamt: components["schemas"]["Money"];
            iamt: components["schemas"]["Money"];
            rt: components["schemas"]["GstRate"];
            txval: components["schemas"]["Money"];
        };
        /** @description The HSN summary of periods before May 2025, one list for all buyers. */
        Gstr1HsnData: {
            data: components["schemas"]["Gstr1HsnRow"][];
        };
        /**
         * @description One row of the HSN summary (table 12): the period's documents summed by HSN code, unit and rate, net
         *     of the period's credit notes, quantities included, as the portal takes table 12. The quantity and
         *     amounts are therefore negative when the period's returns and credits of an HSN code, unit and rate
         *     exceed its sales in the period (goods returned in a month in which none were sold); the summary
         *     warns of such rows (`negative_net_value`). Services report `uqc` `NA` and `qty` 0.
         */
        Gstr1HsnRow: {
            camt: components["schemas"]["SignedMoney"];
            csamt: components["schemas"]["SignedMoney"];
            /**
             * @description A description of at most 30 characters (`MAX_HSN_DESCRIPTION_LENGTH`), the product's name cut short if longer.
             * @example Ballpoint pen, blue
             */
            desc: string;
            hsn_sc: components["schemas"]["ProductHsnCode"];
            iamt: components["schemas"]["SignedMoney"];
            /**
             * @description The row's serial number, from 1.
             * @example 1
             */
            num: number;
            /**
             * @description The total quantity net of returns, with at most three decimals, negative when more was returned than sold in the period; 0 for services.
             * @example 28
             */
            qty: number;
            rt: components["schemas"]["GstRate"];
            samt: components["schemas"]["SignedMoney"];
            txval: components["schemas"]["SignedMoney"];
            uqc: components["schemas"]["ProductUnit"];
        };
        /** @description The HSN summary from the May 2025 period on, split by buyer; either list may be empty. */
        Gstr1HsnSplit: {
            /** @description Documents to registered buyers. */
            hsn_b2b: components["schemas"]["Gstr1HsnRow"][];
            /** @description Documents to unregistered buyers, exports included. */
            hsn_b2c: components["schemas"]["Gstr1HsnRow"][];
        };
        /** @description One row of an inter-state document to an unregistered buyer, the sum of its lines at one GST rate. */
        Gstr1IgstItem: {
            itm_det: components["schemas"]["Gstr1IgstItemDetail"];
            /**
             * @description The row's serial number within the document, from 1.
             * @example 1
             */
            num: number;
        };
        /** @description The amounts of one tax rate of an inter-state document (IGST only). Every key is present, zeros included. */
        Gstr1IgstItemDetail: {
            /** @description Cess. */
            csamt: components["schemas"]["Money"];
            /** @description IGST. */
            iamt: components["schemas"]["Money"];
            rt: components["schemas"]["GstRate"];
            /** @description Taxable value. */
            txval: components["schemas"]["Money"];
        };
        /** @description One row of a document, the sum of its lines at one GST rate. */
        Gstr1Item: {
            itm_det: components["schemas"]["Gstr1ItemDetail"];
            /**
             * @description The row's serial number within the document, from 1.
             * @example 1
             */
            num: number;
        };
        /** @description The amounts of one tax rate of a document. Every key is present, zeros included. */
        Gstr1ItemDetail: {
            /** @description CGST. */
            camt: components["schemas"]["Money"];
            /** @description Cess. */
            csamt: components["schemas"]["Money"];
            /** @description IGST. */
            iamt: components["schemas"]["Money"];
            rt: components["schemas"]["GstRate"];
            /** @description SGST or UTGST. */
            samt: components["schemas"]["Money"];
            /** @description Taxable value. */
            txval: components["schemas"]["Money"];
        };
        /**
         * @description The count and amounts of a section summed by key, `b2cs` or `hsn`: its rows added up. The rows are
         *     net of the period's credit notes, so these amounts are negative when the period's credit notes
         *     exceed its sales in the section.
         */
        Gstr1NetSectionSummary: {
            cess: components["schemas"]["SignedMoney"];
            cgst: components["schemas"]["SignedMoney"];
            /**
             * @description Rows in the section (for `hsn`, in `data`, or in `hsn_b2b` and `hsn_b2c` together).
             * @example 3
             */
            count: number;
            igst: components["schemas"]["SignedMoney"];
            sgst: components["schemas"]["SignedMoney"];
            taxable_value: components["schemas"]["SignedMoney"];
        };
        /**
         * @description The GSTR-1 of a month as the JSON file the GST portal accepts for upload (the offline tool's format),
         *     built from the documents dated in the month, cancelled invoices left out (they count only in
         *     `doc_issue`). Dates are `dd-mm-yyyy`; amounts are numbers with two decimals, positive except in `b2cs`
         *     and `hsn`, which are net of the period's credit notes and so negative where those exceed the period's
         *     sales for a row's key; every numeric key is present, zeros included. A section with no documents is
         *     left out, as the offline tool writes it.
         *     - `b2b`: invoices to registered buyers, by buyer GSTIN, one item row per tax rate.
         *     - `b2cl`: inter-state invoices to unregistered buyers above ₹1,00,000 (₹2,50,000 for invoices up to
         *       31 July 2024), by place of supply.
         *     - `b2cs`: all other sales to unregistered buyers, summed by supply type, place of supply and rate.
         *     - `cdnr` and `cdnur`: credit (and debit) notes to registered and unregistered buyers.
         *     - `exp`: exports (place of supply 96).
         *     - `hsn`: the HSN summary; `{ "data": [...] }` for periods before May 2025, `{ "hsn_b2b": [...],
         *       "hsn_b2c": [...] }` from May 2025.
         *     - `doc_issue`: the document number ranges issued.
         */
        Gstr1Portal: {
            b2b?: components["schemas"]["Gstr1B2b"][];
            b2cl?: components["schemas"]["Gstr1B2cl"][];
            b2cs?: components["schemas"]["Gstr1B2cs"][];
            cdnr?: components["schemas"]["Gstr1Cdnr"][];
            cdnur?: components["schemas"]["Gstr1Cdnur"][];
            doc_issue?: components["schemas"]["Gstr1DocIssue"];
            exp?: components["schemas"]["Gstr1Exp"][];
            /**
             * @description The return period, `MMYYYY`.
             * @example 112026
             */
            fp: string;
            /** @description The business's GSTIN. */
            gstin: components["schemas"]["Gstin"];
            /**
             * @description Always the word `hash`; the portal computes its own.
             * @constant
             */
            hash: "hash";
            /** @description The HSN summary, in the form of the period. */
            hsn?: components["schemas"]["Gstr1HsnData"] | components["schemas"]["Gstr1HsnSplit"];
            /**
             * @description The version of the portal's GSTR-1 JSON format the file follows.
             * @example GST3.2.1
             */
            version: string;
        };
        /** @description A section of documents, its count and amounts (credit and debit notes as positive amounts). */
        Gstr1SectionSummary: {
            cess: components["schemas"]["Money"];
            cgst: components["schemas"]["Money"];
            /**
             * @description Documents in the section.
             * @example 2
             */
            count: number;
            igst: components["schemas"]["Money"];
            sgst: components["schemas"]["Money"];
            taxable_value: components["schemas"]["Money"];
        };
        /**
         * @description An overview of the GSTR-1 of a month: per section, how many documents (or rows) and their amounts, the
         *     document counts of `doc_issue`, and `warnings` about what the portal would reject. The sections are
         *     built exactly as in the portal file.
         */
        Gstr1Summary: {
            /** @description The documents issued in the period, invoices and notes together. */
            doc_issue: {
                /** @example 1 */
                cancelled: number;
                /** @example 4 */
                issued: number;
                /**
                 * @description `issued − cancelled`.
                 * @example 3
                 */
                net_issued: number;
            };
            /**
             * @description The return period, `MMYYYY`.
             * @example 112026
             */
            fp: string;
            gstin: components["schemas"]["Gstin"];
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /** @constant */
            object: "gstr1_summary";
            /** @description Every section, empty ones included (count 0). */
            sections: {
                b2b: components["schemas"]["Gstr1SectionSummary"];
                b2cl: components["schemas"]["Gstr1SectionSummary"];
                b2cs: components["schemas"]["Gstr1NetSectionSummary"];
                cdnr: components["schemas"]["Gstr1SectionSummary"];
                cdnur: components["schemas"]["Gstr1SectionSummary"];
                exp: components["schemas"]["Gstr1SectionSummary"];
                hsn: components["schemas"]["Gstr1NetSectionSummary"];
            };
            warnings: components["schemas"]["Gstr1Warning"][];
        };
        /**
         * @description Something the GST portal would reject or query in this period's file, to fix before uploading. Codes:
         *     `hsn_missing` (a line has no HSN code, which the HSN summary needs), `hsn_too_short` (a 4-digit code,
         *     where businesses with a turnover above ₹5 crore must give 6), `gstin_invalid` (a buyer GSTIN the
         *     portal refuses), `negative_net_value` (a `b2cs` or `hsn` row is negative because the period's credit
         *     notes for its key exceed the period's sales; the message names the section and the key, supply type,
         *     place of supply and rate or HSN code, unit and rate, and `document_id` is `null`; the portal takes
         *     the net value, so check the notes, then upload the row as it is), `shipping_bill_missing` (an export of
         *     goods without its shipping bill, which customs needs to refund the IGST paid on it: record it with
         *     `POST /v1/invoices/{id}/shipping_bill`), `einvoice_pending` (an invoice or note still waiting for its IRN
         *     from a live IRP) and `einvoice_failed` (one whose registration failed: fix what its `einvoice_error`
         *     names, then, for an invoice, `POST /v1/invoices/{id}/einvoice/retry`); each names the document in
         *     `document_id`, so the count of each code is the count of such documents (past 100 per code, one more
         *     warning with `document_id` `null` gives the rest). New codes may be added within `/v1`.
         */
        Gstr1Warning: {
            /** @example hsn_too_short */
            code: string;
            /**
             * @description The invoice or credit note concerned, or `null` for a problem of the whole period.
             * @example inv_01jd4r5t6v7w8x9y0z1a2b3c4d
             */
            document_id: string | null;
            /**
             * @description What is wrong and how to fix it, for people.
             * @example Line 1 has the 4-digit HSN code 9608; with a turnover above ₹5 crore, give at least 6 digits.
             */
            message: string;
        };
        /**
         * @description A GST rate in percent (the total rate: 18 means 9% CGST + 9% SGST, or 18% IGST). It must be a rate in
         *     force on the document's date: from 22 September 2025, 0, 0.25, 3, 5, 18 or 40; earlier documents may
         *     also carry 0.1, 1, 1.5, 6, 7.5, 12 or 28. A rate outside this list is a 400; a listed rate that is not
         *     in force on the date is a 422 (`rate_not_in_force`).
         * @example 18
         * @enum {number}
         */
        GstRate: 0 | 0.1 | 0.25 | 1 | 1.5 | 3 | 5 | 6 | 7.5 | 12 | 18 | 28 | 40;
        /**
         * @description A GST tax invoice. Its number is the next in the financial year's series and never changes, even
         *     when the invoice is cancelled. The business's state (from its GSTIN) against the place of supply
         *     decides the tax: the same state is an intra-state supply, taxed as CGST + SGST (UTGST in a union
         *     territory without a legislature); any other place, or an export, is inter-state and taxed as IGST. The
         *     e-invoice fields (`irn`, `ack_no`, `ack_date`, `signed_qr_code`, `signed_invoice`) are filled when
         *     the invoice is registered with the Invoice Registration Portal: at issue with Bahi's sandbox; after
         *     the invoice is committed with a live IRP, when `einvoice_status` goes from `pending` to `registered`.
         *
         *     Amounts: each line's tax is rounded half-up to the paisa, the totals are sums of the rounded lines,
         *     and `total` is rounded to the rupee, the difference being `round_off`. Then
         *     `balance_due = total + amount_debited − amount_paid − amount_credited`.
         */
        Invoice: {
            /** @description When the IRP registered the invoice (its `AckDt`, converted from India time to UTC), or `null`. */
            ack_date: components["schemas"]["Timestamp"] | null;
            /** @description The IRP's acknowledgement number, or `null` without an IRN. */
            ack_no: components["schemas"]["IrpAckNumber"] | null;
            /** @description The part of this invoice's credit notes set off against its unpaid balance (their `credited_to_party`). */
            amount_credited: components["schemas"]["Money"];
            /** @description The sum of the totals of this invoice's debit notes, which the party owes on top of `total`. */
            amount_debited: components["schemas"]["Money"];
            /** @description The sum of the payment allocations to this invoice. */
            amount_paid: components["schemas"]["Money"];
            /** @description `total + amount_debited − amount_paid − amount_credited`; 0 once paid, and 0 for a cancelled invoice. */
            balance_due: components["schemas"]["Money"];
            /** @description Why and when the invoice was cancelled, or `null`. */
            cancellation: components["schemas"]["InvoiceCancellation"] | null;
            /** @description The sum of the lines' compensation cess. */
            cess: components["schemas"]["Money"];
            /** @description The sum of the lines' CGST. */
            cgst: components["schemas"]["Money"];
            created_at: components["schemas"]["Timestamp"];
            /** @description The invoice date, which decides its financial year and the GST rates in force. */
            date: components["schemas"]["LocalDate"];
            /**
             * @description A deemed export (to an Export Oriented Unit, or against an Advance Authorisation or EPCG
             *     authorisation): taxed as any other supply, reported as `DEXP` in the e-invoice and `DE` in GSTR-1.
             * @example false
             */
            deemed_export: boolean;
            /** @description When payment is due, or `null` (due on receipt). */
            due_date: components["schemas"]["LocalDate"] | null;
            /** @description Why the last attempt to register the invoice failed (while `pending` or `failed`), or `null`. */
            einvoice_error: components["schemas"]["EInvoiceError"] | null;
            einvoice_status: components["schemas"]["EInvoiceStatus"];
            /** @example inv_01jd4r5t6v7w8x9y0z1a2b3c4d */
            id: string;
            /** @description The sum of the lines' IGST. */
            igst: components["schemas"]["Money"];
            /**
             * @description The Invoice Reference Number (document type `INV`), or `null` for an invoice outside e-invoicing
             *     (a sale to an unregistered buyer in India, or an account not enabled for e-invoicing).
             */
            irn: components["schemas"]["Irn"] | null;
            /** @description The lines, 1 to 1,000 (`MAX_INVOICE_ITEMS`), in the order given. */
            items: components["schemas"]["InvoiceItem"][];
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /**
             * @description Text printed at the foot of the invoice.
             * @example Thank you for your business.
             */
            notes: string | null;
            number: components["schemas"]["DocumentNumber"];
            /** @constant */
            object: "invoice";
            party: components["schemas"]["InvoiceParty"];
            /**
             * @description The customer.
             * @example pty_01jd4n0q8r7s6t5v4w3x2y1z0a
             */
            party_id: string;
            place_of_supply: components["schemas"]["PlaceOfSupply"];
            /**
             * @description Whether the buyer pays the GST under reverse charge; the tax is shown but left out of `total`.
             * @example false
             */
            reverse_charge: boolean;
            /** @description `total` less the sum of the lines' totals: what rounding to the rupee added (between −0.49 and 0.50). */
            round_off: components["schemas"]["SignedMoney"];
            /**
             * @description A supply to a unit or developer in a Special Economic Zone (the party's `sez` when the invoice was
             *     issued): zero-rated, so `inter_state` (IGST) whatever the place of supply.
             * @example false
             */
            sez: boolean;
            /** @description The sum of the lines' SGST or UTGST (see `sgst_label`); always equal to `cgst`. */
            sgst: components["schemas"]["Money"];
            /**
             * @description How to print `sgst`: `UTGST` for an intra-state supply in a union territory without a legislature (04, 26, 31, 35, 38, 97), else `SGST`.
             * @example SGST
             * @enum {string}
             */
            sgst_label: "SGST" | "UTGST";
            /** @description Where the goods were delivered, when not to the party's own address; otherwise `null`. */
            ship_to: components["schemas"]["ShipTo"] | null;
            /**
             * @description The customs shipping bill of an export of goods, once recorded (at creation or with
             *     `POST /v1/invoices/{id}/shipping_bill`), or `null`.
             */
            shipping_bill: components["schemas"]["ShippingBill"] | null;
            /** @description The IRP's signed copy of the e-invoice, a JWT whose `data` is the registered e-invoice JSON; `null` without an IRN. */
            signed_invoice: components["schemas"]["IrpJwt"] | null;
            /**
             * @description The IRP's signed QR code, to print on the invoice as a QR image: a JWT whose `data` holds the
             *     seller and buyer GSTINs, document number, type and date, total, item count, main HSN code, IRN and
             *     IRN date. `null` without an IRN.
             */
            signed_qr_code: components["schemas"]["IrpJwt"] | null;
            status: components["schemas"]["InvoiceStatus"];
            /**
             * @description `intra_state` (place of supply in the business's state: CGST + SGST/UTGST) or `inter_state` (another state, an export or a supply to an SEZ: IGST).
             * @example inter_state
             * @enum {string}
             */
            supply_type: "intra_state" | "inter_state";
            /** @description The sum of the lines' taxable values (e-invoice `AssVal`). */
            taxable_value: components["schemas"]["Money"];
            /** @description What the buyer owes, a whole number of rupees (e-invoice `TotInvVal`); under reverse charge, without the tax. */
            total: components["schemas"]["Money"];
            /**
             * @description A zero-rated supply (an export or a supply to an SEZ) under bond or letter of undertaking, without
             *     payment of IGST: each line keeps its `gst_rate` and `cess_rate`, and its `igst` and `cess` are 0.
             *     Print "supply meant for export (or to an SEZ) under bond or letter of undertaking without payment
             *     of integrated tax" on the invoice.
             * @example false
             */
            under_lut: boolean;
        };
        /**
         * @description Why the invoice is cancelled, as the e-invoice system records it. Both fields are sent to the Invoice
         *     Registration Portal when the invoice has an IRN.
         */
        InvoiceCancel: {
            /**
             * @description `1` duplicate, `2` data entry mistake, `3` order cancelled, `4` others.
             * @example 2
             * @enum {string}
             */
            reason: "1" | "2" | "3" | "4";
            /**
             * @description A remark for the record, 1 to 100 characters (`MAX_CANCEL_REMARK_LENGTH`, the e-invoice limit).
             * @example Wrong quantity entered
             */
            remark: string;
        };
        /** @description Why and when an invoice was cancelled. */
        InvoiceCancellation: {
            cancelled_at: components["schemas"]["Timestamp"];
            /**
             * @description The e-invoice cancellation reason: `1` duplicate, `2` data entry mistake, `3` order cancelled, `4` others.
             * @example 2
             * @enum {string}
             */
            reason: "1" | "2" | "3" | "4";
            /**
             * @description The remark sent with the cancellation.
             * @example Wrong quantity entered
             */
            remark: string;
        };
        /**
         * @description A new invoice to a customer. Bahi fills in everything else: the number (the next in the financial
         *     year's series), the party snapshot, each line's HSN code, unit and GST rate from the product, the place
         *     of supply and with it the split into CGST + SGST/UTGST or IGST, the tax of each line rounded half-up to
         *     the paisa, and the total rounded to the rupee with `round_off`.
         */
        InvoiceCreate: {
            /**
             * @description The invoice date. Defaults to today in India Standard Time. A date in the future is a 422
             *     (`date_in_future`); a date in a financial year closed for new documents is a 422
             *     (`financial_year_closed`). The date decides the financial year of the number and the IRN, and the
             *     GST rates in force.
             */
            date?: components["schemas"]["LocalDate"];
            /**
             * @description Makes the invoice a deemed export (section 147 of the CGST Act): goods supplied in India to an
             *     Export Oriented Unit, or against an Advance Authorisation or EPCG authorisation. GST is charged as
             *     on any other supply (CGST + SGST within the state, IGST across states) and claimed back as a
             *     refund; the e-invoice reports `DEXP` and GSTR-1 `b2b` `inv_typ` `DE`. The buyer must be
             *     registered: for a party without GSTIN it is a 422 (`deemed_export_unregistered`, at
             *     `/deemed_export`). An export or a supply to an SEZ is zero-rated instead: a 422
             *     (`deemed_export_zero_rated`, at `/deemed_export`).
             * @default false
             * @example false
             */
            deemed_export?: boolean;
            /** @description When payment is due; not before `date` (422 `due_date_before_date`). Leave it out for an invoice due on receipt. */
            due_date?: components["schemas"]["LocalDate"];
            /** @description The lines of the invoice, 1 to 1,000 (`MAX_INVOICE_ITEMS`, the e-invoice schema's limit). */
            items: components["schemas"]["InvoiceItemCreate"][];
            /**
             * @description Text printed at the foot of the invoice, at most 1,000 characters (`MAX_INVOICE_NOTES_LENGTH`).
             * @example Thank you for your business.
             */
            notes?: string;
            /**
             * @description The customer's id. No such party in this account and mode is a 422 (`unknown_party`, at
             *     `/party_id`); a registered or foreign buyer without an address on record is a 422
             *     (`address_required`, at `/party_id`), since the e-invoice needs the buyer's address, and so is
             *     one whose name or city is shorter than the 3 characters the e-invoice takes
             *     (`einvoice_party_incomplete`, at `/party_id`).
             * @example pty_01jd4n0q8r7s6t5v4w3x2y1z0a
             */
            party_id: string;
            /**
             * @description Overrides the place of supply, which is otherwise the party's state. `96` makes the invoice an
             *     export (zero-rated: IGST, or none with `under_lut`).
             */
            place_of_supply?: components["schemas"]["PlaceOfSupply"];
            /**
             * @description Whether the buyer pays the GST under reverse charge. The tax is computed and shown on the lines
             *     and in the totals, but not collected: it is left out of `total`. Only a registered buyer in India
             *     can pay it: for a party without GSTIN, or an export, it is a 422 (`reverse_charge_unregistered`,
             *     at `/reverse_charge`). A supply to an SEZ is zero-rated, never under reverse charge: a 422
             *     (`reverse_charge_sez`, at `/reverse_charge`).
             * @default false
             * @example false
             */
            reverse_charge?: boolean;
            ship_to?: components["schemas"]["ShipToCreate"];
            /**
             * @description The customs shipping bill of an export of goods, when it is filed before the invoice is issued;
             *     otherwise record it later with `POST /v1/invoices/{id}/shipping_bill`. The e-invoice carries it
             *     (`ExpDtls`). Only an export (place of supply `96`) has one: on any other supply it is a 422
             *     (`not_an_export`, at `/shipping_bill`).
             */
            shipping_bill?: components["schemas"]["ShippingBill"];
            /**
             * @description Makes a zero-rated supply (an export, place of supply `96`, or a supply to a party with `sez`)
             *     under bond or letter of undertaking, without payment of IGST: the lines keep their rates, but
             *     no IGST or cess is charged, and the e-invoice and GSTR-1 report it as such (`EXPWOP`/`SEZWOP`,
             *     `WOPAY`/`SEWOP`). On any other supply it is a 422 (`not_zero_rated`, at `/under_lut`).
             * @default false
             * @example false
             */
            under_lut?: boolean;
        };
        /**
         * @description One line of an invoice, as issued. Its tax is computed on its own: on `taxable_value`, IGST at the
         *     full rate for an inter-state supply, or CGST and SGST/UTGST at half the rate each for an intra-state
         *     supply, each rounded half-up to the paisa (so `cgst` always equals `sgst`).
         */
        InvoiceItem: {
            /** @description Compensation cess (only on documents dated before 1 February 2026), else 0. */
            cess: components["schemas"]["Money"];
            /** @description Central GST of an intra-state line (half the rate), else 0. */
            cgst: components["schemas"]["Money"];
            /**
             * @description The line's text (e-invoice `PrdDesc`).
             * @example Ballpoint pen, blue
             */
            description: string;
            /** @description The discount on the line, in rupees. */
            discount: components["schemas"]["Money"];
            gst_rate: components["schemas"]["GstRate"];
            /**
             * @description The product's HSN or SAC code when the invoice was issued (a code starting with `99` is a service).
             *     `null` only on a sale to an unregistered buyer of a product without a code.
             */
            hsn_code: components["schemas"]["ProductHsnCode"] | null;
            /** @description Integrated GST of an inter-state line or an export (the full rate), else 0. */
            igst: components["schemas"]["Money"];
            /**
             * @description The product the line was made from.
             * @example prd_01jd4p1a2b3c4d5e6f7g8h9j0k
             */
            product_id: string;
            qty: components["schemas"]["Quantity"];
            /** @description The price of one unit before GST. */
            rate: components["schemas"]["UnitPrice"];
            /** @description State GST, or UTGST when the invoice's `sgst_label` says so, of an intra-state line (half the rate), else 0. */
            sgst: components["schemas"]["Money"];
            sku: components["schemas"]["ProductSku"];
            /** @description Quantity × rate rounded to the paisa, less the discount (e-invoice `AssAmt`). */
            taxable_value: components["schemas"]["Money"];
            /** @description The line's value with its tax; without it under reverse charge, where the buyer pays the tax to the government. */
            total: components["schemas"]["Money"];
            unit: components["schemas"]["ProductUnit"];
        };
        /**
         * @description One line of a new invoice: a product named by its SKU, a quantity and a price. The line takes the
         *     product's HSN/SAC code and unit as they are when the invoice is issued, and its GST and cess rates
         *     as they were on the invoice date (see `rates_effective_from` on the product's update).
         */
        InvoiceItemCreate: {
            /**
             * @description The line's text on the invoice (e-invoice `PrdDesc`), 1 to 300 characters
             *     (`MAX_ITEM_DESCRIPTION_LENGTH`). Defaults to the product's name. On an e-invoiced invoice (a
             *     registered buyer or an export) it takes at least 3, as the IRP does: shorter is a 422
             *     (`einvoice_item_incomplete`, at `/items/{i}/description`).
             * @example Ballpoint pen, blue
             */
            description?: string;
            /**
             * @description A discount on the line in rupees, taken off quantity × rate before tax (e-invoice `Discount`).
             *     Defaults to 0; more than quantity × rate is a 422 (`discount_exceeds_gross`).
             * @default 0
             */
            discount?: components["schemas"]["Money"];
            /**
             * @description How many units, with at most three decimals. For goods that track stock it may not exceed the
             *     stock on hand unless the product allows negative stock, and never take it below
             *     −9,999,999,999.999 (409 `insufficient_stock`, naming the SKU).
             */
            qty: components["schemas"]["Quantity"];
            /**
             * @description The price of one unit before GST, in rupees with at most three decimals (e-invoice `UnitPrice`).
             *     Defaults to the product's `price` when the invoice is created (Bahi keeps no history of prices,
             *     so a back-dated invoice takes today's); a `rate` given wins.
             */
            rate?: components["schemas"]["UnitPrice"];
            /**
             * @description The product's SKU. No product with this SKU in this account and mode is a 422 (`unknown_sku`); a
             *     product without an HSN code on an invoice to a registered buyer is a 422 (`hsn_missing`); a
             *     product whose GST rate is not in force on the invoice date is a 422 (`rate_not_in_force`); on an
             *     e-invoiced invoice, a line without a `description` whose product's name is shorter than the 3
             *     characters the e-invoice's `PrdDesc` takes is a 422 (`einvoice_item_incomplete`). Each names the
             *     line as `/items/{i}/sku`.
             */
            sku: components["schemas"]["ProductSku"];
        };
        /** @description A page of invoices, newest first. */
        InvoiceList: {
            data: components["schemas"]["Invoice"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description The customer as the invoice names it: a snapshot taken when the invoice was issued. Later changes to
         *     the party do not change invoices already issued.
         */
        InvoiceParty: {
            /** @description The party's billing address, or `null` when a registered party has none on record. */
            address: components["schemas"]["PartyAddress"] | null;
            /** @description The party's GSTIN, or `null` for an unregistered buyer (a B2C sale, outside e-invoicing). */
            gstin: components["schemas"]["Gstin"] | null;
            /**
             * @description The party's legal name (e-invoice `BuyerDtls.LglNm`).
             * @example Sharma Electronics
             */
            name: string;
            /**
             * @description The party's state when the invoice was issued (from its GSTIN when registered, else from its
             *     address: `96` for an address abroad).
             */
            state_code: components["schemas"]["PlaceOfSupply"];
        };
        /**
         * @description Where the invoice stands:
         *     - `issued`: nothing of the total is settled yet.
         *     - `partially_paid`: payments and credit notes settle part of the total (`balance_due` is more than 0).
         *     - `paid`: nothing is left to pay (`balance_due` is 0), whether by payments, credit notes or both.
         *     - `cancelled`: cancelled (within 24 hours of its IRN); it keeps its number, which GSTR-1 reports as
         *       cancelled, and its goods went back into stock.
         * @example issued
         * @enum {string}
         */
        InvoiceStatus: "issued" | "partially_paid" | "paid" | "cancelled";
        /**
         * @description The Invoice Reference Number: the lowercase hexadecimal SHA-256 of the supplier's GSTIN, the
         *     financial year of the document date (`2026-27`), the document type (`INV` for invoices, `CRN` for
         *     credit notes, `DBN` for debit notes) and the document number in upper case, concatenated without
         *     separators, exactly as the government's Invoice Registration Portal (IRP) computes it. For example
         *     `29AABCU9603R1ZJ2026-27INVINV/26-27/000001` gives the IRN below.
         * @example e2f0989bb9d95f33240caec2f2e6ff36d52b52ec5c5da7f8e44eb9ef7f233fcc
         */
        Irn: string;
        /**
         * @description The acknowledgement number the Invoice Registration Portal gives a registered document, 15 digits (a string, so no digit is lost).
         * @example 112610000012345
         */
        IrpAckNumber: string;
        /**
         * @description A JSON Web Token (compact form) signed with RS256 by the Invoice Registration Portal (in test mode
         *     and in Bahi's sandbox, by the sandbox key published at `GET /v1/einvoice/jwks`). Its payload is
         *     `{"data": "<JSON text>", "iss": "…"}`; verify the signature with the key whose `kid` the token's
         *     header names.
         * @example eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoie30iLCJpc3MiOiJOSUMifQ.c2lnbmF0dXJl
         */
        IrpJwt: string;
        /**
         * Format: date
         * @description A calendar date (`YYYY-MM-DD`) in India Standard Time.
         * @example 2026-11-22
         */
        LocalDate: string;
        /**
         * @description An amount in rupees with at most two decimals (paise), as a JSON number. Bahi never computes with
         *     binary floating point: amounts are read as decimals and kept as integer paise. The two-decimal rule
         *     is the extension `x-decimals: 2`, which Bahi enforces; it is not written as `multipleOf: 0.01`,
         *     which validators check by a binary division and so refuse correct amounts such as 1111.11.
         * @example 1180.5
         */
        Money: number;
        /**
         * @description How document numbers are written (Rule 46): letters A-Z, digits, `/` and `-`, with `{FY}` for the
         *     financial year (`2026-27`), `{FY:short}` for its short form (`26-27`) and exactly one `{SEQ:n}` for
         *     the serial number padded to n digits. Numbers are consecutive, without gaps, and at most 16
         *     characters: the defaults `INV/{FY:short}/{SEQ:6}` and `CN/{FY:short}/{SEQ:6}` give
         *     `INV/26-27/000001` and `CN/26-27/000001`. A new format applies to the next document; the serial
         *     number continues.
         * @example INV/{FY:short}/{SEQ:6}
         */
        NumberFormat: string;
        /**
         * @description `yearly`: each financial year's series starts again at 1 (numbers are unique within the year, so
         *     the format should hold `{FY}` or `{FY:short}`); `never`: one series runs on across years. A change
         *     never repeats a number already issued: changed to `never`, the series runs on after the highest
         *     number of any year; changed to `yearly`, each year that has documents runs on after the last
         *     number of the series of all years, and a year without documents starts at 1.
         * @example yearly
         * @enum {string}
         */
        NumberReset: "yearly" | "never";
        /**
         * @description A customer or supplier. A registered party has a GSTIN, and its state is the GSTIN's state; an
         *     unregistered party (`gstin: null`, a consumer or a business without GST registration) always has an
         *     address, and its state is the address's state. That state is the place of supply of the invoices it
         *     receives, which decides between CGST + SGST/UTGST and IGST.
         *
         *     Changes to a party apply to documents created afterwards only: every invoice keeps a snapshot of the
         *     party as it was when the invoice was issued.
         */
        Party: {
            /**
             * @description The party's billing address. Always present for an unregistered party (its state is the party's
             *     state, or `96` when it is abroad); optional for a registered party, and then in the GSTIN's state.
             */
            address: components["schemas"]["PartyAddress"] | null;
            created_at: components["schemas"]["Timestamp"];
            /**
             * Format: email
             * @description Where documents for the party may be sent.
             * @example accounts@sharma-electronics.example.in
             */
            email: string | null;
            /** @description The party's GSTIN, or `null` for an unregistered party. */
            gstin: components["schemas"]["Gstin"] | null;
            /** @example pty_01jd5a0k3m7q2r8s4t6v9w1x3y */
            id: string;
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /**
             * @description The party's legal name, printed on invoices (e-invoice `LglNm`).
             * @example Sharma Electronics
             */
            name: string;
            /** @constant */
            object: "party";
            /**
             * @description A phone number as written by people, digits with optional spaces or hyphens and a leading `+`.
             * @example +91 22 2387 1234
             */
            phone: string | null;
            /**
             * @description Whether the party is a unit or developer in a Special Economic Zone (always registered). Supplies
             *     to it are zero-rated: taxed as IGST whatever its state, or under a letter of undertaking without
             *     IGST (an invoice's `under_lut`).
             * @example false
             */
            sez: boolean;
            /**
             * @description Read-only. The party's state: the first two digits of its GSTIN when registered, otherwise the state
             *     of its address, or `96` (Other Countries) for an address abroad. Invoices to the party take it as
             *     their default place of supply, so invoices to a party abroad are exports.
             */
            state_code: components["schemas"]["PlaceOfSupply"];
            type: components["schemas"]["PartyType"];
            /** @description When the party last changed (equal to `created_at` until then). */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description A party's billing address, in India (`state_code` and `pin`) or abroad (`country`). */
        PartyAddress: components["schemas"]["Address"] | components["schemas"]["ForeignAddress"];
        /**
         * @description A new customer or supplier. Give a `gstin` for a registered party (its state follows from it) or leave
         *     it out (or `null`) for an unregistered one, which then needs an `address`. Besides the shape checked as
         *     400, these rules answer 422 or 409:
         *     - the GSTIN's check character or state code is wrong: 422 `invalid_gstin`;
         *     - the address lies in another state than the GSTIN, or abroad: 422 `state_mismatch`;
         *     - an unregistered party without address: 422 `address_required`;
         *     - an SEZ unit (`sez`) without a GSTIN: 422 `sez_unregistered`;
         *     - another party of this account and mode already has this GSTIN: 409 `duplicate_gstin`, with
         *       `existing_id` naming that party.
         */
        PartyCreate: {
            /**
             * @description Required for an unregistered party; for a registered one it must lie in the GSTIN's state. A
             *     customer abroad has an address with its `country`: its state is then `96`, and invoices to it are
             *     exports.
             */
            address?: components["schemas"]["PartyAddress"] | null;
            /**
             * Format: email
             * @example accounts@sharma-electronics.example.in
             */
            email?: string | null;
            /** @description The party's GSTIN; leave it out or send `null` for an unregistered party. */
            gstin?: components["schemas"]["Gstin"] | null;
            /**
             * @description The party's legal name, printed on invoices.
             * @example Sharma Electronics
             */
            name: string;
            /**
             * @description Digits with optional spaces or hyphens and a leading `+`.
             * @example +91 22 2387 1234
             */
            phone?: string | null;
            /**
             * @description Whether the party is a unit or developer in a Special Economic Zone. Only a party with a GSTIN can
             *     be one: `true` without a GSTIN is a 422 (`sez_unregistered`, at `/sez`). Supplies to it are
             *     zero-rated: taxed as IGST whatever its state, or under a letter of undertaking without IGST.
             * @default false
             * @example false
             */
            sez?: boolean;
            type: components["schemas"]["PartyType"];
        };
        /** @description A page of parties, newest first. */
        PartyList: {
            data: components["schemas"]["Party"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description `customer` (you sell to it) or `supplier` (you buy from it).
         * @example customer
         * @enum {string}
         */
        PartyType: "customer" | "supplier";
        /**
         * @description Changes to a party. Fields left out keep their values; `null` clears a nullable field; an `address`
         *     replaces the whole address. The changed party must satisfy the same rules as a new one
         *     (`invalid_gstin`, `state_mismatch`, `address_required` and `sez_unregistered` as 422, `duplicate_gstin` as 409). Changes
         *     apply to documents created afterwards; documents already issued keep their snapshot of the party.
         */
        PartyUpdate: {
            address?: components["schemas"]["PartyAddress"] | null;
            /**
             * Format: email
             * @example accounts@sharma-electronics.example.in
             */
            email?: string | null;
            /** @description A new GSTIN, or `null` when the party is no longer registered (it then needs an address). */
            gstin?: components["schemas"]["Gstin"] | null;
            /** @example Sharma Electronics */
            name?: string;
            /** @example +91 22 2387 5678 */
            phone?: string | null;
            /**
             * @description Whether the party is a unit or developer in a Special Economic Zone. Only a party with a GSTIN can
             *     be one: `true` without a GSTIN is a 422 (`sez_unregistered`, at `/sez`). Supplies to it are
             *     zero-rated: taxed as IGST whatever its state, or under a letter of undertaking without IGST.
             * @example true
             */
            sez?: boolean;
            type?: components["schemas"]["PartyType"];
        };
        /**
         * @description Money received from a customer. Allocations set it against the party's invoices, each lowering an
         *     invoice's `balance_due`; the rest is `unallocated_amount`, an advance to allocate later.
         */
        Payment: {
            /** @description The invoices this payment settles, oldest allocation first; at most 100 (`MAX_PAYMENT_ALLOCATIONS`). */
            allocations: components["schemas"]["PaymentAllocation"][];
            /** @description The amount received. */
            amount: components["schemas"]["Money"];
            created_at: components["schemas"]["Timestamp"];
            /** @description When the money was received. */
            date: components["schemas"]["LocalDate"];
            /** @example pay_01jd59x8w7v6t5s4r3q2p1n0m9 */
            id: string;
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            mode: components["schemas"]["PaymentMode"];
            /** @constant */
            object: "payment";
            /**
             * @description The customer who paid.
             * @example pty_01jd4n0q8r7s6t5v4w3x2y1z0a
             */
            party_id: string;
            /**
             * @description The bank's or UPI reference, the cheque number or similar, or `null`.
             * @example HDFCN52026112512345
             */
            reference: string | null;
            /** @description `amount` less the allocations: what is left to allocate. */
            unallocated_amount: components["schemas"]["Money"];
        };
        /** @description More invoices to settle from the payment's unallocated amount. */
        PaymentAllocate: {
            /**
             * @description 1 to 100 allocations (`MAX_PAYMENT_ALLOCATIONS`); their sum may not exceed the payment's
             *     `unallocated_amount` (422 `allocation_exceeds_payment`). A payment holds at most 100 allocations
             *     in all (422 `too_many_allocations`).
             */
            allocations: components["schemas"]["PaymentAllocationCreate"][];
        };
        /** @description A part of a payment set against one invoice. */
        PaymentAllocation: {
            amount: components["schemas"]["Money"];
            /** @description When the allocation was made. */
            created_at: components["schemas"]["Timestamp"];
            /** @example inv_01jd4r5t6v7w8x9y0z1a2b3c4d */
            invoice_id: string;
        };
        /** @description A part of a payment to set against one invoice. */
        PaymentAllocationCreate: {
            /**
             * @description How much of the payment goes to the invoice, more than 0. More than the invoice's `balance_due` is
             *     a 422 (`allocation_exceeds_balance`); allocations adding up to more than the payment's unallocated
             *     amount are a 422 (`allocation_exceeds_payment`). Both name `/allocations/{i}/amount`.
             * @example 4366
             */
            amount: components["schemas"]["Money"];
            /**
             * @description The invoice. No such invoice in this account and mode is a 422 (`unknown_invoice`); an invoice of
             *     another party is a 422 (`invoice_of_other_party`); a cancelled invoice is a 409
             *     (`invoice_cancelled`); the same invoice twice in one request is a 422 (`duplicate_allocation`).
             *     Each names the field as `/allocations/{i}/invoice_id`.
             * @example inv_01jd4r5t6v7w8x9y0z1a2b3c4d
             */
            invoice_id: string;
        };
        /**
         * @description Money received from a customer, optionally set against its invoices at once. Whatever is not
         *     allocated stays on the payment as `unallocated_amount`, to allocate later.
         */
        PaymentCreate: {
            /**
             * @description Invoices of the same party that this payment settles, 0 to 100 (`MAX_PAYMENT_ALLOCATIONS`). Each
             *     lowers the invoice's `balance_due`; their sum may not exceed `amount`.
             */
            allocations?: components["schemas"]["PaymentAllocationCreate"][];
            /**
             * @description The amount received, more than 0.
             * @example 4500
             */
            amount: components["schemas"]["Money"];
            /** @description When the money was received. Defaults to today in India Standard Time; a date in the future is a 422 (`date_in_future`). */
            date?: components["schemas"]["LocalDate"];
            mode: components["schemas"]["PaymentMode"];
            /**
             * @description The customer who paid. No such party in this account and mode is a 422 (`unknown_party`, at `/party_id`).
             * @example pty_01jd4n0q8r7s6t5v4w3x2y1z0a
             */
            party_id: string;
            /**
             * @description The bank's or UPI reference (UTR), the cheque number or similar, 1 to 100 characters (`MAX_PAYMENT_REFERENCE_LENGTH`).
             * @example HDFCN52026112512345
             */
            reference?: string;
        };
        /** @description A page of payments, newest first. */
        PaymentList: {
            data: components["schemas"]["Payment"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description How the money came in.
         * @example bank_transfer
         * @enum {string}
         */
        PaymentMode: "cash" | "upi" | "bank_transfer" | "cheque" | "card" | "other";
        /**
         * @description Six-digit Indian postal PIN code.
         * @example 560001
         */
        Pin: string;
        /**
         * @description The place of supply: a two-digit GST state code (01 Jammu and Kashmir … 38 Ladakh, 97 Other
         *     Territory), or 96 (Other Countries) for an export. Against the business's own state it decides the
         *     tax: the same state is an intra-state supply (CGST + SGST, or UTGST in a union territory without a
         *     legislature), any other place an inter-state supply (IGST). Exports are always IGST.
         * @example 27
         * @enum {string}
         */
        PlaceOfSupply: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "26" | "27" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "96" | "97";
        /**
         * @description The account's plan. `free` and `growth` allow 1,000 requests a minute (bursts of 200 a second) for each
         *     mode; `enterprise` ten times both. `free` also allows 100 live invoices per calendar month in India
         *     Standard Time (402 `plan_limit_exceeded` past them); test mode is never limited.
         * @example growth
         * @enum {string}
         */
        Plan: "free" | "growth" | "enterprise";
        /**
         * @description An error, as RFC 9457 problem details (`application/problem+json`). `code` is stable and meant for
         *     programs; `title` and `detail` are for people and may change. Validation errors (400 and 422) list
         *     every bad field in `errors`, each named by a JSON Pointer into the request.
         */
        Problem: {
            /**
             * @description Stable machine-readable error code; the Errors section of the guide lists every code.
             * @example validation_failed
             */
            code: string;
            /**
             * @description What went wrong with this particular request, for people.
             * @example /items/0/qty must be greater than 0
             */
            detail?: string;
            /** @description For `validation_failed` and other field-level problems, one entry per bad field. */
            errors?: components["schemas"]["FieldError"][];
            /**
             * @description For a conflict with an existing object (a duplicate GSTIN or SKU), that object's id.
             * @example pty_01jd4k9m2x7qv3t8w5y6z0abcd
             */
            existing_id?: string;
            /**
             * @description For `plan_limit_exceeded`, how much of the quota the plan allows.
             * @example 100
             */
            limit?: number;
            /**
             * @description For `plan_limit_exceeded`, the plan quota that is spent.
             * @example live_invoices_per_month
             * @enum {string}
             */
            quota?: "live_invoices_per_month";
            /**
             * @description The request's identifier, also sent as `X-Request-Id`.
             * @example req_01jd4k9m2x7qv3t8w5y6z0abcd
             */
            request_id: string;
            /**
             * Format: date-time
             * @description For `plan_limit_exceeded`, when the quota starts afresh: the first instant of the next calendar
             *     month in India Standard Time, in UTC.
             * @example 2026-05-31T18:30:00.000Z
             */
            resets_at?: string;
            /**
             * @description The HTTP status code, repeated for convenience.
             * @example 400
             */
            status: number;
            /**
             * @description A short summary of the kind of problem.
             * @example The request is not valid
             */
            title: string;
            /**
             * Format: uri-reference
             * @description A URI naming the kind of problem, `urn:bahi:problem:` followed by `code`.
             * @example urn:bahi:problem:validation_failed
             */
            type: string;
        };
        /**
         * @description Goods or a service that you sell, with the defaults its invoice lines take: price, GST rate, HSN/SAC
         *     code and unit. A product whose HSN code starts with `99` is a service: it is measured in `NA` and
         *     carries no stock. Goods track stock unless `track_stock` is `false`; every change of their stock is a
         *     stock movement, and `stock_on_hand` is the sum of them.
         *
         *     Changes to a product apply to documents created afterwards only: invoice lines keep a snapshot of the
         *     product as it was when the invoice was issued.
         */
        Product: {
            /**
             * @description Whether stock may fall below zero, down to −9,999,999,999.999. When `false`, a decrease that would take `stock_on_hand` below zero is refused (409 `insufficient_stock`); an increase is always made, up to 9,999,999,999.999 (409 `stock_above_maximum`).
             * @example false
             */
            allow_negative_stock: boolean;
            cess_rate: components["schemas"]["CessRate"];
            created_at: components["schemas"]["Timestamp"];
            /**
             * @description A longer description for people; not printed on GST documents.
             * @example null
             */
            description: string | null;
            gst_rate: components["schemas"]["GstRate"];
            /** @description The HSN or SAC code, or `null` when it is not known yet (see `hsn_missing`). */
            hsn_code: components["schemas"]["ProductHsnCode"] | null;
            /**
             * @description Read-only: `true` when `hsn_code` is `null`, as after an import of a sheet without HSN codes. Every
             *     e-invoice line and the GSTR-1 HSN summary need a code, so set one before invoicing the product.
             * @example false
             */
            hsn_missing: boolean;
            /** @example prd_01jd5a9c1d3e5f7g9h1j3k5m7n */
            id: string;
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /**
             * @description The product's name, printed on invoice lines (e-invoice `PrdDesc`).
             * @example Ballpoint pen, blue
             */
            name: string;
            /** @constant */
            object: "product";
            /** @description The default price of one unit, before GST. */
            price: components["schemas"]["UnitPrice"];
            /**
             * @description The date from which `gst_rate` and `cess_rate` apply (the `rates_effective_from` of their last
             *     change), or `null` when they have not changed since the product was created. Invoices dated
             *     before it take the rates in force before it, which `GET /v1/products/{id}/rate_history` lists; a
             *     later change of rates cannot be dated before it (422 `rates_out_of_order`).
             */
            rates_effective_from: components["schemas"]["LocalDate"] | null;
            /**
             * @description The stock at or below which the product counts as low: when a movement takes `stock_on_hand` from
             *     above this level to at or below it, Bahi sends a `product.stock_low` event. `null`: no level.
             */
            reorder_level: components["schemas"]["Quantity"] | null;
            sku: components["schemas"]["ProductSku"];
            /**
             * @description Read-only: the stock now, the sum of all stock movements. It changes only through movements (opening
             *     stock, adjustments, invoices, cancellations, credit notes and imports), never through an update.
             *     A product that does not track stock keeps the value it had when tracking stopped (0 for services).
             */
            stock_on_hand: components["schemas"]["StockQuantity"];
            /**
             * @description Whether invoices, credit notes and adjustments move this product's stock. Always `false` for services and products in `NA`.
             * @example true
             */
            track_stock: boolean;
            unit: components["schemas"]["ProductUnit"];
            /** @description When the product's own fields last changed (stock movements do not change it). */
            updated_at: components["schemas"]["Timestamp"];
        };
        /**
         * @description A new product. Besides the shape checked as 400, these rules answer 422 or 409:
         *     - a product whose HSN code starts with `99` (a service) must use unit `NA`, and goods must not: 422
         *       `invalid_unit`;
         *     - a product in `NA` cannot track stock, and only a product that tracks stock can have an opening stock:
         *       422 `stock_not_allowed`;
         *     - an HSN code of chapter `00`: 422 `invalid_hsn`;
         *     - a `gst_rate` not in force today (India time), or a non-zero `cess_rate` after compensation cess
         *       ended on 1 February 2026: 422 `rate_not_in_force`;
         *     - another product of this account and mode already has this SKU: 409 `duplicate_sku`, with
         *       `existing_id` naming that product.
         */
        ProductCreate: {
            /**
             * @default false
             * @example false
             */
            allow_negative_stock?: boolean;
            /** @description Defaults to 0. */
            cess_rate?: components["schemas"]["CessRate"];
            /** @example null */
            description?: string | null;
            gst_rate: components["schemas"]["GstRate"];
            /** @description Leave it out (or `null`) when it is not known yet; the product is then `hsn_missing`. */
            hsn_code?: components["schemas"]["ProductHsnCode"] | null;
            /** @example Ballpoint pen, blue */
            name: string;
            /**
             * @description The stock you hold now, recorded as the product's first stock movement (`kind` `opening`) when it is not 0. At most three decimals.
             * @default 0
             * @example 500
             */
            opening_stock?: number;
            /** @description The default price of one unit, before GST. */
            price: components["schemas"]["UnitPrice"];
            /** @description The stock at or below which the product counts as low; `null` (the default) for none. */
            reorder_level?: components["schemas"]["Quantity"] | null;
            sku: components["schemas"]["ProductSku"];
            /**
             * @description Defaults to `true`, except for products in `NA` (services), which cannot track stock.
             * @example true
             */
            track_stock?: boolean;
            unit: components["schemas"]["ProductUnit"];
        };
        /**
         * @description The HSN code of goods, or the SAC of services (codes starting with `99`): 4, 6 or 8 digits. Chapter
         *     `00` does not exist (422 `invalid_hsn`). Businesses with an annual turnover above ₹5 crore must give at
         *     least 6 digits on their invoices and GSTR-1.
         * @example 9608
         */
        ProductHsnCode: string;
        /**
         * @description A bulk import of products from a CSV or Excel file, processed in the background. Each data row creates
         *     a product (its SKU is new) or updates the product with that SKU; cells left blank keep the existing
         *     value, or take the default for a new product. A row is:
         *     - `created` or `updated` when it was imported as it stands;
         *     - `flagged` when it was imported but needs your attention, e.g. it has no HSN code (the product is
         *       `hsn_missing`) or a value was read in a way worth checking (the unit `pcs` read as `PCS`);
         *     - `rejected` when it was not imported, e.g. no name, a price that is not a number, a GST rate that does
         *       not exist, or a SKU that an earlier row of the file already used.
         *
         *     Each row counts under exactly one outcome, so the four `counts` add up to `rows_done`. Created and
         *     updated products send `product.created` and `product.updated` events as if made one by one: a row
         *     that leaves a product's fields as they were sends none, even when it sets its stock.
         */
        ProductImport: {
            /**
             * @description How the header row was read. Headers are matched without regard to case, spaces and punctuation,
             *     by field name or a common synonym (`Item Name`, `HSN/SAC`, `GST %`, `UQC`, `Opening Stock`, …).
             */
            columns: {
                /** @description The headers of columns that were not read, in file order. */
                ignored: string[];
                /** @description The columns that were read, in file order, each with the field it fills. */
                understood: {
                    field: components["schemas"]["ProductImportField"];
                    /**
                     * @description The header as written in the file.
                     * @example HSN/SAC
                     */
                    header: string;
                }[];
            };
            /** @description When the import became `completed` or `failed`; `null` before. */
            completed_at: components["schemas"]["Timestamp"] | null;
            /** @description How many rows had each outcome so far. */
            counts: {
                /** @example 1 */
                created: number;
                /** @example 1 */
                flagged: number;
                /** @example 1 */
                rejected: number;
                /** @example 0 */
                updated: number;
            };
            created_at: components["schemas"]["Timestamp"];
            /**
             * @description Why a `failed` import stopped, for people; `null` otherwise.
             * @example null
             */
            failure_reason: string | null;
            /**
             * @description The file's name, from the `filename` of a `multipart/form-data` upload; `null` for a raw body.
             * @example products.csv
             */
            filename: string | null;
            /** @example imp_01jd5g7h9j1k3m5n7p9q1r3s5t */
            id: string;
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /** @constant */
            object: "product_import";
            /**
             * @description The outcome of each data row, in file order, for the first 1,000 data rows (MAX_IMPORT_ROWS_LISTED)
             *     that have an outcome so far. Every flagged and rejected row, without that limit, is in the import's
             *     `errors.csv`.
             */
            rows: {
                /**
                 * @description For a flagged or rejected row, the header of the column at fault (the first, when several are); `null` otherwise or when the row as a whole is at fault.
                 * @example null
                 */
                column: string | null;
                /**
                 * @example created
                 * @enum {string}
                 */
                outcome: "created" | "updated" | "flagged" | "rejected";
                /**
                 * @description The product created or updated; `null` for a rejected row.
                 * @example prd_01jd5a9c1d3e5f7g9h1j3k5m7n
                 */
                product_id: string | null;
                /**
                 * @description For a flagged or rejected row, what was wrong, for people; `null` otherwise.
                 * @example null
                 */
                reason: string | null;
                /**
                 * @description The row number as a spreadsheet shows it (the header is row 1, so the first data row is 2).
                 * @example 2
                 */
                row: number;
                /**
                 * @description The row's SKU as written, or `null` if its cell was blank.
                 * @example PEN-01
                 */
                sku: string | null;
            }[];
            /**
             * @description The number of data rows that have an outcome so far.
             * @example 3
             */
            rows_done: number;
            /**
             * @description The number of data rows in the file (the header row not counted), at most 50,000 (MAX_IMPORT_ROWS).
             * @example 3
             */
            rows_total: number;
            /**
             * @description `queued` (accepted, waiting for a worker), `processing` (rows are being imported; `rows_done` grows),
             *     `completed` (every row has an outcome) or `failed` (the import stopped; see `failure_reason`; rows
             *     done before the failure stay imported).
             * @example completed
             * @enum {string}
             */
            status: "queued" | "processing" | "completed" | "failed";
        };
        /**
         * @description A product field that an import column fills. `stock_on_hand` sets the stock: the opening stock of a new
         *     product, or, for an existing product that tracks stock, the stock it should have now (the difference is
         *     recorded as an `import` stock movement).
         * @example hsn_code
         * @enum {string}
         */
        ProductImportField: "sku" | "name" | "description" | "price" | "gst_rate" | "cess_rate" | "hsn_code" | "unit" | "track_stock" | "allow_negative_stock" | "reorder_level" | "stock_on_hand";
        /** @description A product import uploaded as a form, with the file in the `file` field. */
        ProductImportUpload: {
            /**
             * Format: binary
             * @description The CSV (UTF-8, comma-separated, header row first) or Excel `.xlsx` workbook, at most 10 MiB (MAX_IMPORT_BYTES).
             */
            file: string;
            /**
             * @description For a workbook, the name of the worksheet to read; the first worksheet when left out. Ignored for CSV.
             * @example Products
             */
            sheet?: string;
        };
        /** @description A page of products, newest first. */
        ProductList: {
            data: components["schemas"]["Product"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description The GST and cess rates a product had over a span of dates. Both dates are included in the period;
         *     each period begins the day after the one before it ends. An invoice created now takes, for each
         *     line, the rates of the period that holds the invoice's date; an issued invoice keeps the rates it
         *     was issued with, and its credit notes take those.
         */
        ProductRatePeriod: {
            cess_rate: components["schemas"]["CessRate"];
            gst_rate: components["schemas"]["GstRate"];
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /** @constant */
            object: "product_rate_period";
            /** @example prd_01jd4p3c4d5e6f7g8h9j0k1m2n */
            product_id: string;
            /**
             * @description The first date these rates applied: the date the change that set them took effect (for the
             *     current rates, the product's `rates_effective_from`). `null` for the rates the product was
             *     created with, which apply to every date before the first change, dates before the product was
             *     created included.
             */
            valid_from: components["schemas"]["LocalDate"] | null;
            /**
             * @description The last date these rates applied, the day before the next change took effect. `null` for the
             *     current rates (the product's `gst_rate` and `cess_rate`), which apply from `valid_from` on.
             */
            valid_until: components["schemas"]["LocalDate"] | null;
        };
        /** @description A page of a product's rate periods, newest first. */
        ProductRatePeriodList: {
            data: components["schemas"]["ProductRatePeriod"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * Format: date
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page. It is the `valid_from`
             *     of the page's last period.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description Your code for the product: 1 to 40 letters, digits, `.`, `_`, `/` or `-`, starting with a letter or a
         *     digit. Unique per account and mode, compared exactly (upper and lower case differ); invoice lines name
         *     products by it.
         * @example PEN-01
         */
        ProductSku: string;
        /**
         * @description The unit of measure, as a GST Unit Quantity Code (UQC) accepted by the GST portal: `NOS` numbers,
         *     `PCS` pieces, `KGS` kilograms, `LTR` litres, `MTR` metres, `BOX`, `DOZ`, `SET`, `OTH` others, and so
         *     on. `NA` (not applicable) is the unit of services, and only of services: a product with an HSN code
         *     starting with `99` must use `NA`, and goods must not (422 `invalid_unit`). A product in `NA` carries
         *     no stock.
         * @example NOS
         * @enum {string}
         */
        ProductUnit: "BAG" | "BAL" | "BDL" | "BKL" | "BOU" | "BOX" | "BTL" | "BUN" | "CAN" | "CBM" | "CCM" | "CMS" | "CTN" | "DOZ" | "DRM" | "GGK" | "GMS" | "GRS" | "GYD" | "KGS" | "KLR" | "KME" | "LTR" | "MLT" | "MTR" | "MTS" | "NOS" | "OTH" | "PAC" | "PCS" | "PRS" | "QTL" | "ROL" | "SET" | "SQF" | "SQM" | "SQY" | "TBS" | "TGM" | "THD" | "TON" | "TUB" | "UGS" | "UNT" | "YDS" | "NA";
        /**
         * @description Changes to a product. Fields left out keep their values; `null` clears a nullable field. The changed
         *     product must satisfy the same rules as a new one (`invalid_unit`, `stock_not_allowed`, `invalid_hsn` and
         *     `rate_not_in_force` as 422, `duplicate_sku` as 409). Goods that hold stock cannot become a service
         *     (`unit` `NA`) until an adjustment brings their stock to 0 (422 `stock_not_allowed` at `/unit`). Stock
         *     is not set here: record a stock adjustment instead. Changes apply to documents created afterwards;
         *     documents already issued keep their snapshot of the product.
         */
        ProductUpdate: {
            /** @example false */
            allow_negative_stock?: boolean;
            cess_rate?: components["schemas"]["CessRate"];
            /** @example Smooth-writing 0.7 mm ballpoint pen with blue ink. */
            description?: string | null;
            gst_rate?: components["schemas"]["GstRate"];
            hsn_code?: components["schemas"]["ProductHsnCode"] | null;
            /** @example Ballpoint pen, blue */
            name?: string;
            price?: components["schemas"]["UnitPrice"];
            /**
             * @description The date from which a changed `gst_rate` or `cess_rate` applies; today in India when left out.
             *     Invoices dated before it, created now or later, take the rates in force before it: a product's
             *     rates are kept by date, and an invoice takes those of its own date. The new rates must be in
             *     force from this date to today (422 `rate_not_in_force`). After today is a 422 (`date_in_future`),
             *     and so is a date before the product's last change of rates (422 `rates_out_of_order`): changes are
             *     recorded in the order they took effect. Ignored when the rates do not change.
             */
            rates_effective_from?: components["schemas"]["LocalDate"];
            reorder_level?: components["schemas"]["Quantity"] | null;
            sku?: components["schemas"]["ProductSku"];
            /**
             * @description Turning tracking off freezes `stock_on_hand`; turning it back on resumes from that value.
             * @example true
             */
            track_stock?: boolean;
            unit?: components["schemas"]["ProductUnit"];
        };
        /**
         * @description A quantity with at most three decimals.
         * @example 2.5
         */
        Quantity: number;
        /**
         * @description A permission of an API key: `*` (everything), or a resource and a verb such as `invoices:read` or
         *     `invoices:write`. A `write` scope does not imply `read`.
         * @example invoices:write
         */
        Scope: string;
        /**
         * @description The customs shipping bill of an export of goods. GSTR-1 reports it with the export (`exp`: `sbpcode`,
         *     `sbnum`, `sbdt`), and customs refunds the IGST paid on an export only once the return's shipping bill
         *     matches its own records. It is usually filed after the invoice: record it with
         *     `POST /v1/invoices/{id}/shipping_bill`, or give it when the invoice is created (the e-invoice then
         *     carries it too, as `ExpDtls`).
         */
        ShippingBill: {
            /**
             * @description The shipping bill's date: not before the invoice's date (422 `shipping_bill_before_invoice`) and
             *     not after today in India (422 `date_in_future`).
             */
            date: components["schemas"]["LocalDate"];
            /**
             * @description The shipping bill's number, 3 to 7 digits.
             * @example 4512863
             */
            number: string;
            /**
             * @description The six-character customs code of the port of export, such as `INNSA1` (Nhava Sheva) or `INMAA1` (Chennai).
             * @example INNSA1
             */
            port_code: string;
        };
        /**
         * @description Where the goods of an invoice are delivered when it is not the buyer's own address: a "bill to one,
         *     ship to another" supply (another branch, a warehouse, the buyer's customer). The e-invoice carries
         *     it as `ShipDtls`. The place of supply stays the buyer's state (section 10(1)(b) of the IGST Act),
         *     unless the invoice's `place_of_supply` says otherwise.
         */
        ShipTo: {
            address: components["schemas"]["PartyAddress"];
            /** @description The consignee's GSTIN, or `null` when it is not registered. */
            gstin: components["schemas"]["Gstin"] | null;
            /**
             * @description The consignee's legal name (e-invoice `ShipDtls.LglNm`).
             * @example Sharma Electronics Warehouse
             */
            name: string;
        };
        /**
         * @description Where the goods are delivered, when not to the party's own address. A wrong GSTIN is a 422
         *     (`invalid_gstin`, at `/ship_to/gstin`), an address outside the GSTIN's state a 422 (`state_mismatch`,
         *     at `/ship_to/address/state_code` or `/ship_to/address/country`), and on an e-invoiced supply a city
         *     shorter than the IRP takes a 422 (`einvoice_party_incomplete`, at `/ship_to/address/city`).
         */
        ShipToCreate: {
            address: components["schemas"]["PartyAddress"];
            /** @description The consignee's GSTIN; leave it out or send `null` when it is not registered. */
            gstin?: components["schemas"]["Gstin"] | null;
            /**
             * @description The consignee's legal name.
             * @example Sharma Electronics Warehouse
             */
            name: string;
        };
        /**
         * @description An amount in rupees with at most two decimals that may be negative (e.g. a round-off).
         * @example -0.45
         */
        SignedMoney: number;
        /**
         * @description Two-digit GST state code (01 Jammu and Kashmir … 38 Ladakh, 97 Other Territory). 96 (Other Countries)
         *     is valid only as a place of supply, for exports.
         * @example 29
         * @enum {string}
         */
        StateCode: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "26" | "27" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "97";
        /**
         * @description A change of stock outside invoices and credit notes. The product must track stock (422
         *     `stock_not_tracked`); a decrease below zero is refused unless the product allows negative stock, and
         *     below −9,999,999,999.999 in any case (409 `insufficient_stock`); an increase above 9,999,999,999.999
         *     is refused (409 `stock_above_maximum`).
         */
        StockAdjustmentCreate: {
            /**
             * @description A remark for people, e.g. what happened.
             * @example Box dropped in the warehouse
             */
            note?: string;
            /**
             * @description The change, with at most three decimals and never 0; positive adds stock, negative removes it.
             * @example -3
             */
            quantity: components["schemas"]["StockQuantity"];
            reason: components["schemas"]["StockAdjustmentReason"];
        };
        /**
         * @description Why stock was adjusted: `damage` (broken or spoilt), `theft` (lost or stolen), `count_correction` (a
         *     physical count differed), `return` (goods came back outside a credit note) or `other` (say why in `note`).
         * @example damage
         * @enum {string}
         */
        StockAdjustmentReason: "damage" | "theft" | "count_correction" | "return" | "other";
        /**
         * @description One change of a product's stock. Movements are never edited or deleted: a mistake is corrected by
         *     another movement, so the list of movements is the product's stock ledger.
         */
        StockMovement: {
            created_at: components["schemas"]["Timestamp"];
            /** @example stm_01jd5d2e4f6g8h0j2k4m6n8p0q */
            id: string;
            /**
             * @description What moved the stock: `opening` (the opening stock of a new product), `adjustment` (a stock
             *     adjustment), `invoice` (goods sold), `invoice_cancel` (a cancelled invoice giving them back),
             *     `credit_note` (goods returned on a credit note) or `import` (a product import).
             * @example adjustment
             * @enum {string}
             */
            kind: "opening" | "adjustment" | "invoice" | "invoice_cancel" | "credit_note" | "import";
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /**
             * @description The adjustment's note, if any.
             * @example Box dropped in the warehouse
             */
            note: string | null;
            /** @constant */
            object: "stock_movement";
            /** @example prd_01jd5a9c1d3e5f7g9h1j3k5m7n */
            product_id: string;
            /** @description The change; positive added stock, negative removed it. */
            quantity: components["schemas"]["StockQuantity"];
            /** @description For an adjustment, its reason; `null` for other kinds. */
            reason: components["schemas"]["StockAdjustmentReason"] | null;
            /**
             * @description The invoice, credit note or product import that caused the movement; `null` for opening stock and adjustments.
             * @example null
             */
            source_id: string | null;
            /** @description The product's `stock_on_hand` right after this movement. */
            stock_after: components["schemas"]["StockQuantity"];
        };
        /** @description A page of a product's stock movements, newest first. */
        StockMovementList: {
            data: components["schemas"]["StockMovement"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description A quantity of stock with at most three decimals, which may be negative (a sale beyond the stock, where allowed, or a decrease).
         * @example 497
         */
        StockQuantity: number;
        /**
         * Format: date-time
         * @description An RFC 3339 timestamp in UTC.
         * @example 2026-11-22T06:30:00.000Z
         */
        Timestamp: string;
        /**
         * @description A price per unit in rupees, with at most three decimals (as the e-invoice schema allows).
         * @example 99.99
         */
        UnitPrice: number;
        /**
         * @description A subscription: Bahi POSTs each event of the listed types to `url`, signed with the webhook's secret
         *     as the Standard Webhooks specification describes. The secret is shown once, when the webhook is
         *     created or its secret rotated.
         */
        Webhook: {
            created_at: components["schemas"]["Timestamp"];
            /**
             * @description A label for people.
             * @example ERP sync
             */
            description: string | null;
            /**
             * @description Why a webhook is disabled: `manual` (an update set `enabled: false`) or `failing` (every delivery
             *     failed for about three days); `null` when enabled.
             * @example null
             * @enum {string|null}
             */
            disabled_reason: "manual" | "failing" | null;
            events: components["schemas"]["WebhookEvents"];
            /** @example whk_01jd4z8x6v4t2s0r8q6p4n2m0k */
            id: string;
            /**
             * @description `true` for a live-mode webhook, which receives live-mode events; `false` for test mode.
             * @example false
             */
            livemode: boolean;
            /** @constant */
            object: "webhook";
            /**
             * @description The signing secret, `whsec_` followed by 32 random bytes in base64. Present only in the answers to
             *     create and rotate: store it then, as it cannot be shown again. Standard Webhooks libraries take it
             *     as it is.
             * @example whsec_njKTr90coVjg4rDaYMBOYrm7OgQA4CS0+Vrni7pev7M=
             */
            secret?: string;
            /**
             * @description `enabled` webhooks receive events; `disabled` ones receive nothing until enabled again.
             * @example enabled
             * @enum {string}
             */
            status: "enabled" | "disabled";
            /** @description When the webhook last changed (its secret rotated included). */
            updated_at: components["schemas"]["Timestamp"];
            url: components["schemas"]["WebhookUrl"];
        };
        /**
         * @description A new webhook of the calling key's mode. At most 16 webhooks (MAX_WEBHOOKS) per account and mode,
         *     disabled ones included (422 `webhook_limit_reached`). A URL that is not allowed is a 422
         *     (`url_not_allowed`).
         */
        WebhookCreate: {
            /**
             * @description A label for people.
             * @example ERP sync
             */
            description?: string;
            events: components["schemas"]["WebhookEvents"];
            url: components["schemas"]["WebhookUrl"];
        };
        /** @description The answer to deleting a webhook. Its pending deliveries are cancelled; its delivery log is deleted with it. */
        WebhookDeleted: {
            /** @constant */
            deleted: true;
            /** @example whk_01jd4z8x6v4t2s0r8q6p4n2m0k */
            id: string;
            /** @constant */
            object: "webhook";
        };
        /**
         * @description One attempt to deliver one event to one webhook. An attempt succeeds when the endpoint answers with a
         *     2xx status within 10 seconds (WEBHOOK_TIMEOUT_SECONDS); redirects are not followed and count as
         *     failures; at most 64 KiB of the answer's body is read (WEBHOOK_RESPONSE_MAX_BYTES). A failed attempt
         *     schedules the next one (`next_attempt_at`), until an attempt made 72 hours or more after the event
         *     (WEBHOOK_RETRY_WINDOW_HOURS) fails.
         */
        WebhookDelivery: {
            /**
             * @description 1 for the first attempt, 2 for the first retry, and so on.
             * @example 2
             */
            attempt: number;
            /** @description When the attempt was made, or, while pending, when it was scheduled. */
            created_at: components["schemas"]["Timestamp"];
            /**
             * @description For a failed attempt without an answer, what went wrong (a timeout, a refused connection, a refused address); `null` otherwise.
             * @example null
             */
            error: string | null;
            /**
             * @description The event delivered; also sent as the `webhook-id` header, the same on every attempt.
             * @example evt_01jd5a0k3m7q2r8s4t6v9w1x3z
             */
            event_id: string;
            /** @example dlv_01jd5a0m2n4p6q8r0s2t4v6w8x */
            id: string;
            /**
             * @description Milliseconds from sending the request to the end of the answer (or to giving up); `null` while pending.
             * @example 184
             */
            latency_ms: number | null;
            /**
             * @description `true` for live-mode data, `false` for test-mode data.
             * @example false
             */
            livemode: boolean;
            /** @description When a pending attempt will be made, or when the attempt after a failed one is due; `null` after a success or the last attempt. */
            next_attempt_at: components["schemas"]["Timestamp"] | null;
            /** @constant */
            object: "webhook_delivery";
            /**
             * @description The HTTP status the endpoint answered; `null` while pending or when no answer came.
             * @example 200
             */
            response_status: number | null;
            /**
             * @description `pending` (not made yet), `succeeded` (a 2xx answer) or `failed` (any other answer, a timeout or a network error).
             * @example succeeded
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /** @example whk_01jd4z8x6v4t2s0r8q6p4n2m0k */
            webhook_id: string;
        };
        /** @description A page of a webhook's delivery attempts, newest first. */
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /**
         * @description The event types the webhook receives: a list of types, or `["*"]` for every type, including types
         *     added later.
         * @example [
         *       "invoice.created",
         *       "invoice.paid",
         *       "payment.created"
         *     ]
         */
        WebhookEvents: components["schemas"]["EventType"][] | "*"[];
        /** @description A page of webhooks, newest first. */
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` to fetch the next page; `null` on the last page.
             * @example null
             */
            next_cursor: string | null;
            /** @constant */
            object: "list";
        };
        /** @description How long the old secret keeps signing deliveries next to the new one. */
        WebhookRotateSecret: {
            /**
             * @description Seconds during which deliveries carry signatures by both the new and the old secret, from 0 (the old
             *     secret stops at once) to 604,800 (seven days, MAX_SECRET_OVERLAP_SECONDS). Defaults to 86,400 (a day).
             * @default 86400
             * @example 86400
             */
            overlap_seconds?: number;
        };
        /**
         * @description Changes to a webhook. Fields left out keep their values. Setting `enabled` to `false` stops deliveries
         *     (status `disabled`, reason `manual`) and cancels pending retries; setting it to `true` enables the
         *     webhook again (also after it was disabled for failing), for events that happen from then on. Events
         *     missed meanwhile can be read from `GET /v1/events`.
         */
        WebhookUpdate: {
            /** @example ERP sync */
            description?: string | null;
            /** @example false */
            enabled?: boolean;
            events?: components["schemas"]["WebhookEvents"];
            url?: components["schemas"]["WebhookUrl"];
        };
        /**
         * Format: uri
         * @description Where Bahi POSTs events. Live-mode webhooks need `https`; test-mode ones may use `http`. URLs with a
         *     user name or password, and targets that resolve to private, loopback, link-local or cloud metadata
         *     addresses (`10.0.0.0/8`, `127.0.0.0/8`, `169.254.169.254`, `::1`, `fc00::/7`, …) are refused (422
         *     `url_not_allowed`), unless the operator allows those hosts with `BAHI_WEBHOOK_ALLOWED_HOSTS`. The
         *     address is checked again at every delivery, so a name that later resolves to a refused address fails
         *     its deliveries.
         * @example https://erp.acme-traders.example.in/hooks/bahi
         */
        WebhookUrl: string;
        /** @description A webhook with its signing secret. The secret is shown only in this answer; store it now. */
        WebhookWithSecret: WithRequired<components["schemas"]["Webhook"], "secret">;
    };
    responses: {
        /** @description The request does not match the contract: malformed JSON, a missing or unknown field, a value of the wrong type, format or range, or a string holding the character U+0000 anywhere in the path, query or body (`nul_character`: no text is stored with it). Nothing was changed. */
        BadRequest: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:validation_failed",
                 *       "title": "The request is not valid",
                 *       "status": 400,
                 *       "detail": "/items/0/qty must be greater than 0",
                 *       "code": "validation_failed",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd",
                 *       "errors": [
                 *         {
                 *           "pointer": "/items/0/qty",
                 *           "code": "minimum",
                 *           "message": "must be greater than 0"
                 *         }
                 *       ]
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request conflicts with the current state, e.g. a duplicate, a state that does not allow the change, or the same `Idempotency-Key` still in progress. */
        Conflict: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:idempotency_request_in_progress",
                 *       "title": "Request in progress",
                 *       "status": 409,
                 *       "detail": "A request with this Idempotency-Key is still being processed; retry later.",
                 *       "code": "idempotency_request_in_progress",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The API key is valid but lacks the scope this operation requires (named in `detail`). */
        Forbidden: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:insufficient_scope",
                 *       "title": "Insufficient scope",
                 *       "status": 403,
                 *       "detail": "This operation needs the scope invoices:write.",
                 *       "code": "insufficient_scope",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description An unexpected error on Bahi's side. Nothing internal is disclosed; quote `request_id` to support. Safe to retry with the same `Idempotency-Key`. */
        InternalError: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:internal_error",
                 *       "title": "Internal server error",
                 *       "status": 500,
                 *       "detail": "An unexpected error occurred.",
                 *       "code": "internal_error",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such object for this account and mode (objects of another account or mode are not visible). */
        NotFound: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:not_found",
                 *       "title": "Not found",
                 *       "status": 404,
                 *       "detail": "No such invoice: inv_01jd4k9m2x7qv3t8w5y6z0abcd",
                 *       "code": "not_found",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The PDF is the one whose `ETag` the request sent in `If-None-Match`: use the copy you hold. No body. */
        NotModified: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control-Private"];
                ETag: components["headers"]["ETag"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The body is larger than the limit: 1 MiB for JSON bodies, 10 MiB for files (MAX_IMPORT_BYTES). */
        PayloadTooLarge: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:payload_too_large",
                 *       "title": "Payload too large",
                 *       "status": 413,
                 *       "detail": "The body exceeds 1048576 bytes.",
                 *       "code": "payload_too_large",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The account's subscription is paused (`subscription_paused`) or a plan quota is spent (`plan_limit_exceeded`,
         *     naming the quota in `quota`, the plan's allowance in `limit` and when it starts afresh in `resets_at`).
         *     Live-mode writes only; test mode is never charged and never meets a quota.
         */
        PaymentRequired: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The database could not be reached (restarting, failing over, or its connections cut:
         *     `database_unavailable`), did not answer within 10 seconds (`timeout`), or refused to write because
         *     its disk is full (`storage_full`: nothing was written; reads are still served, except on the
         *     embedded database after it stopped on the full disk, until space is freed). Retry after
         *     `Retry-After` seconds with the same `Idempotency-Key`: a write whose commit was cut off before its
         *     answer is then answered as it was, and one that did not commit is carried out.
         */
        ServiceUnavailable: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:database_unavailable",
                 *       "title": "Service unavailable",
                 *       "status": 503,
                 *       "detail": "The database is not reachable at the moment. Retry in 2 seconds with the same Idempotency-Key: a write that did commit is then answered as it was.",
                 *       "code": "database_unavailable",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description Too many requests for this account and mode (or, without a valid key, from this client address: a rejected
         *     key counts too, which keeps key guessing slow). Wait `Retry-After` seconds.
         */
        TooManyRequests: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:rate_limited",
                 *       "title": "Too many requests",
                 *       "status": 429,
                 *       "detail": "Rate limit of 1000 requests per minute exceeded.",
                 *       "code": "rate_limited",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The API key is missing, malformed, unknown, revoked or expired. */
        Unauthorized: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:unauthorized",
                 *       "title": "Invalid API key",
                 *       "status": 401,
                 *       "detail": "Send a valid key as `Authorization: Bearer sk_test_…`.",
                 *       "code": "unauthorized",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request is well-formed but cannot be carried out: it breaks a business rule (an unknown SKU, an invalid GSTIN check character, an over-allocated payment, a reused `Idempotency-Key` with another body). `errors` names the fields. */
        UnprocessableEntity: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:idempotency_key_reused",
                 *       "title": "Idempotency key reused",
                 *       "status": 422,
                 *       "detail": "This Idempotency-Key was used with a different request body.",
                 *       "code": "idempotency_key_reused",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The `Content-Type` is not one this operation accepts. */
        UnsupportedMediaType: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "urn:bahi:problem:unsupported_media_type",
                 *       "title": "Unsupported media type",
                 *       "status": 415,
                 *       "detail": "Send the body as application/json.",
                 *       "code": "unsupported_media_type",
                 *       "request_id": "req_01jd4k9m2x7qv3t8w5y6z0abcd"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description The API key's id. */
        ApiKeyId: string;
        /** @description The credit note's id. */
        CreditNoteId: string;
        /** @description The debit note's id. */
        DebitNoteId: string;
        /**
         * @description Which of the three copies that Rule 48 of the CGST Rules asks for: `original` (the default),
         *     printed "Original for recipient"; `duplicate`, "Duplicate for transporter"; `triplicate`,
         *     "Triplicate for supplier". Only the copy's label differs.
         */
        DocumentCopy: "original" | "duplicate" | "triplicate";
        /** @description The event's id. */
        EventId: string;
        /** @description Only documents dated on or after this date (`YYYY-MM-DD`). */
        FilterDateFrom: components["schemas"]["LocalDate"];
        /** @description Only documents dated on or before this date (`YYYY-MM-DD`); not before `date_from` (400). */
        FilterDateTo: components["schemas"]["LocalDate"];
        /** @description Only those concerning this invoice. */
        FilterInvoiceId: string;
        /** @description Only invoices with exactly this number. Numbers are unique within a financial year, so this finds at most one invoice a year. */
        FilterInvoiceNumber: components["schemas"]["DocumentNumber"];
        /** @description Only invoices with this status. */
        FilterInvoiceStatus: components["schemas"]["InvoiceStatus"];
        /** @description Only documents of this party. */
        FilterPartyId: string;
        /**
         * @description `portal` (the default): the JSON file the GST portal accepts for upload. `summary`: per-section counts
         *     and totals with warnings about what the portal would reject.
         */
        Gstr1Format: "portal" | "summary";
        /**
         * @description The return period, one month: the portal's `MMYYYY` (`112026`) or `YYYY-MM` (`2026-11`). Any other
         *     form, a month before July 2017 (when GST began) or a month after the current one in India Standard
         *     Time is a 400 (`invalid_period`) naming the accepted forms; one holding the character U+0000 is the
         *     400 any such string is (`validation_failed`, `nul_character`). The current month may be fetched
         *     while it is still running.
         */
        Gstr1Period: string;
        /**
         * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
         *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
         *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
         *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
         *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
         *     rotating its secret) is replayed only to the API key that made the first request: under another
         *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
         */
        IdempotencyKey: string;
        /**
         * @description The `ETag` of a copy of this PDF you already hold (or several, comma-separated, or `*`). When the
         *     PDF is still the same, the answer is `304 Not Modified` without a body.
         */
        IfNoneMatch: string;
        /** @description The invoice's id. */
        InvoiceId: string;
        /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
        Limit: number;
        /** @description The party's id. */
        PartyId: string;
        /** @description The payment's id. */
        PaymentId: string;
        /** @description The product's id. */
        ProductId: string;
        /** @description The product import's id. */
        ProductImportId: string;
        /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
        StartingAfter: string;
        /** @description The delivery attempt's id (`dlv_…`), from the webhook's delivery log. */
        WebhookDeliveryId: string;
        /** @description The webhook's id. */
        WebhookId: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description `private, no-cache`: a browser or client may keep the PDF, but asks again (with `If-None-Match`)
         *     before using it; shared caches never keep it.
         */
        "Cache-Control-Private": "private, no-cache";
        /**
         * @description A strong entity tag of the PDF: a hash of its bytes. The same document, account details and copy
         *     always give the same bytes, so the tag changes only when the PDF does (a payment, a cancellation, a
         *     new business address). Send it back in `If-None-Match` to be answered 304 when nothing changed.
         */
        ETag: string;
        /** @description Present and `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key` and body. */
        "Idempotent-Replayed": "true";
        /** @description The state of the tightest limit, in the IETF `RateLimit` structured-field form; `r` is the remaining quota and `t` the seconds until it resets. Sent on every answer under `/v1`, errors included, unless the operator turned rate limiting off (`BAHI_RATE_LIMIT=off`, as benchmarks do). */
        RateLimit: string;
        /** @description The limits that apply, in the IETF `RateLimit-Policy` structured-field form (draft-ietf-httpapi-ratelimit-headers), e.g. a per-minute quota and a per-second burst limit. Sent on every answer under `/v1`, errors included, unless the operator turned rate limiting off (`BAHI_RATE_LIMIT=off`, as benchmarks do). */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description Requests allowed per minute for this account and mode on its plan. Sent on every answer under `/v1`, errors included, unless the operator turned rate limiting off (`BAHI_RATE_LIMIT=off`, as benchmarks do). */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current one-minute window. Sent on every answer under `/v1`, errors included, unless the operator turned rate limiting off (`BAHI_RATE_LIMIT=off`, as benchmarks do). */
        "X-RateLimit-Remaining": number;
        /** @description Unix time, in seconds since the epoch (not a number of seconds to wait), at which the current window resets. Sent on every answer under `/v1`, errors included, unless the operator turned rate limiting off (`BAHI_RATE_LIMIT=off`, as benchmarks do). */
        "X-RateLimit-Reset": number;
        /** @description Identifier of this request, also written in Bahi's logs and in every error body as `request_id`. Quote it when you contact support. */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    retrieveAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountUpdate"];
            };
        };
        responses: {
            /** @description The updated account. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveEinvoiceSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The e-invoice settings. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EInvoiceSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateEinvoiceSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EInvoiceSettingsUpdate"];
            };
        };
        responses: {
            /** @description The new settings. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EInvoiceSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description The new key, with its secret. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The API key's id. */
                id: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The API key's id. */
                id: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ApiKeyRotate"];
            };
        };
        responses: {
            /** @description The new key, with its secret. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description Only entries of this action. */
                action?: components["schemas"]["AuditAction"];
                /** @description Only entries created at or after this time (RFC 3339). */
                created_gte?: components["schemas"]["Timestamp"];
                /** @description Only entries created before this time (RFC 3339). */
                created_lt?: components["schemas"]["Timestamp"];
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCreditNotes: {
        parameters: {
            query?: {
                /** @description Only documents dated on or after this date (`YYYY-MM-DD`). */
                date_from?: components["parameters"]["FilterDateFrom"];
                /** @description Only documents dated on or before this date (`YYYY-MM-DD`); not before `date_from` (400). */
                date_to?: components["parameters"]["FilterDateTo"];
                /** @description Only those concerning this invoice. */
                invoice_id?: components["parameters"]["FilterInvoiceId"];
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description Only documents of this party. */
                party_id?: components["parameters"]["FilterPartyId"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of credit notes. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNoteList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCreditNote: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNoteCreate"];
            };
        };
        responses: {
            /** @description The credit note, issued. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The credit note's id. */
                id: components["parameters"]["CreditNoteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveCreditNoteEinvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The credit note's id. */
                id: components["parameters"]["CreditNoteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The e-invoice JSON. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EInvoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryCreditNoteEinvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The credit note's id. */
                id: components["parameters"]["CreditNoteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note, registered or still pending. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveCreditNotePdf: {
        parameters: {
            query?: {
                /**
                 * @description Which of the three copies that Rule 48 of the CGST Rules asks for: `original` (the default),
                 *     printed "Original for recipient"; `duplicate`, "Duplicate for transporter"; `triplicate`,
                 *     "Triplicate for supplier". Only the copy's label differs.
                 */
                copy?: components["parameters"]["DocumentCopy"];
            };
            header?: {
                /**
                 * @description The `ETag` of a copy of this PDF you already hold (or several, comma-separated, or `*`). When the
                 *     PDF is still the same, the answer is `304 Not Modified` without a body.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The credit note's id. */
                id: components["parameters"]["CreditNoteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note as a PDF. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control-Private"];
                    /** @description Shows the PDF in place and suggests a file name for saving it, from the document's number and the copy. */
                    "Content-Disposition": string;
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDebitNotes: {
        parameters: {
            query?: {
                /** @description Only documents dated on or after this date (`YYYY-MM-DD`). */
                date_from?: components["parameters"]["FilterDateFrom"];
                /** @description Only documents dated on or before this date (`YYYY-MM-DD`); not before `date_from` (400). */
                date_to?: components["parameters"]["FilterDateTo"];
                /** @description Only those concerning this invoice. */
                invoice_id?: components["parameters"]["FilterInvoiceId"];
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description Only documents of this party. */
                party_id?: components["parameters"]["FilterPartyId"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of debit notes. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebitNoteList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDebitNote: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DebitNoteCreate"];
            };
        };
        responses: {
            /** @description The debit note, issued. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebitNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveDebitNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The debit note's id. */
                id: components["parameters"]["DebitNoteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debit note. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebitNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveDebitNoteEinvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The debit note's id. */
                id: components["parameters"]["DebitNoteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The e-invoice JSON. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EInvoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryDebitNoteEinvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The debit note's id. */
                id: components["parameters"]["DebitNoteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debit note, registered or still pending. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebitNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveDebitNotePdf: {
        parameters: {
            query?: {
                /**
                 * @description Which of the three copies that Rule 48 of the CGST Rules asks for: `original` (the default),
                 *     printed "Original for recipient"; `duplicate`, "Duplicate for transporter"; `triplicate`,
                 *     "Triplicate for supplier". Only the copy's label differs.
                 */
                copy?: components["parameters"]["DocumentCopy"];
            };
            header?: {
                /**
                 * @description The `ETag` of a copy of this PDF you already hold (or several, comma-separated, or `*`). When the
                 *     PDF is still the same, the answer is `304 Not Modified` without a body.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The debit note's id. */
                id: components["parameters"]["DebitNoteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debit note as a PDF. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control-Private"];
                    /** @description Shows the PDF in place and suggests a file name for saving it, from the document's number and the copy. */
                    "Content-Disposition": string;
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveEinvoiceJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key set. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EInvoiceJwks"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Only events created at or after this time (RFC 3339). */
                created_gte?: components["schemas"]["Timestamp"];
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
                /** @description Only events of this type. */
                type?: components["schemas"]["EventType"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event's id. */
                id: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveGstr1: {
        parameters: {
            query?: {
                /**
                 * @description `portal` (the default): the JSON file the GST portal accepts for upload. `summary`: per-section counts
                 *     and totals with warnings about what the portal would reject.
                 */
                format?: components["parameters"]["Gstr1Format"];
            };
            header?: never;
            path: {
                /**
                 * @description The return period, one month: the portal's `MMYYYY` (`112026`) or `YYYY-MM` (`2026-11`). Any other
                 *     form, a month before July 2017 (when GST began) or a month after the current one in India Standard
                 *     Time is a 400 (`invalid_period`) naming the accepted forms; one holding the character U+0000 is the
                 *     400 any such string is (`validation_failed`, `nul_character`). The current month may be fetched
                 *     while it is still running.
                 */
                period: components["parameters"]["Gstr1Period"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return, in the form `format` asks for. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Gstr1Portal"] | components["schemas"]["Gstr1Summary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /** @description Only documents dated on or after this date (`YYYY-MM-DD`). */
                date_from?: components["parameters"]["FilterDateFrom"];
                /** @description Only documents dated on or before this date (`YYYY-MM-DD`); not before `date_from` (400). */
                date_to?: components["parameters"]["FilterDateTo"];
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description Only invoices with exactly this number. Numbers are unique within a financial year, so this finds at most one invoice a year. */
                number?: components["parameters"]["FilterInvoiceNumber"];
                /**
                 * @description `true`: only invoices with a balance still due (`issued` or `partially_paid`) whose `due_date` is
                 *     before today in India Standard Time; `false`: every other invoice. An invoice without a
                 *     `due_date` is never overdue.
                 */
                overdue?: boolean;
                /** @description Only documents of this party. */
                party_id?: components["parameters"]["FilterPartyId"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
                /** @description Only invoices with this status. */
                status?: components["parameters"]["FilterInvoiceStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createInvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceCreate"];
            };
        };
        responses: {
            /** @description The invoice, issued. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                id: components["parameters"]["InvoiceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelInvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The invoice's id. */
                id: components["parameters"]["InvoiceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceCancel"];
            };
        };
        responses: {
            /** @description The cancelled invoice. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveInvoiceEinvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                id: components["parameters"]["InvoiceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The e-invoice JSON. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EInvoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryInvoiceEinvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The invoice's id. */
                id: components["parameters"]["InvoiceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice, registered or still pending. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveInvoicePdf: {
        parameters: {
            query?: {
                /**
                 * @description Which of the three copies that Rule 48 of the CGST Rules asks for: `original` (the default),
                 *     printed "Original for recipient"; `duplicate`, "Duplicate for transporter"; `triplicate`,
                 *     "Triplicate for supplier". Only the copy's label differs.
                 */
                copy?: components["parameters"]["DocumentCopy"];
            };
            header?: {
                /**
                 * @description The `ETag` of a copy of this PDF you already hold (or several, comma-separated, or `*`). When the
                 *     PDF is still the same, the answer is `304 Not Modified` without a body.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The invoice's id. */
                id: components["parameters"]["InvoiceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice as a PDF. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control-Private"];
                    /** @description Shows the PDF in place and suggests a file name for saving it, from the document's number and the copy. */
                    "Content-Disposition": string;
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordInvoiceShippingBill: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The invoice's id. */
                id: components["parameters"]["InvoiceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShippingBill"];
            };
        };
        responses: {
            /** @description The invoice with its shipping bill. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listParties: {
        parameters: {
            query?: {
                /** @description Only the party with this GSTIN (there is at most one). */
                gstin?: components["schemas"]["Gstin"];
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description Only parties whose name contains this text, ignoring case: `sharma` finds `Sharma Electronics`. 1 to 100 characters. */
                q?: string;
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
                /** @description Only customers, or only suppliers. */
                type?: components["schemas"]["PartyType"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of parties. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createParty: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PartyCreate"];
            };
        };
        responses: {
            /** @description The new party. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Party"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveParty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The party's id. */
                id: components["parameters"]["PartyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The party. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Party"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateParty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The party's id. */
                id: components["parameters"]["PartyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PartyUpdate"];
            };
        };
        responses: {
            /** @description The updated party. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Party"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPayments: {
        parameters: {
            query?: {
                /** @description Only documents dated on or after this date (`YYYY-MM-DD`). */
                date_from?: components["parameters"]["FilterDateFrom"];
                /** @description Only documents dated on or before this date (`YYYY-MM-DD`); not before `date_from` (400). */
                date_to?: components["parameters"]["FilterDateTo"];
                /** @description Only those concerning this invoice. */
                invoice_id?: components["parameters"]["FilterInvoiceId"];
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description Only documents of this party. */
                party_id?: components["parameters"]["FilterPartyId"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentCreate"];
            };
        };
        responses: {
            /** @description The payment, recorded. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrievePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The payment's id. */
                id: components["parameters"]["PaymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    allocatePayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The payment's id. */
                id: components["parameters"]["PaymentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentAllocate"];
            };
        };
        responses: {
            /** @description The payment with its new allocations. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description `true`: only products without an HSN code; `false`: only products with one. */
                hsn_missing?: boolean;
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description `true`: only products that track stock, have a `reorder_level` and whose `stock_on_hand` is at or
                 *     below it; `false`: every other product.
                 */
                low_stock?: boolean;
                /** @description Only products whose name or SKU contains this text, ignoring case: `pen` finds `PEN-01`. 1 to 100 characters. */
                q?: string;
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductCreate"];
            };
        };
        responses: {
            /** @description The new product. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product's id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product's id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductUpdate"];
            };
        };
        responses: {
            /** @description The updated product. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listProductRateHistory: {
        parameters: {
            query?: {
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A cursor for the next page, the `next_cursor` of the page before (the `valid_from` of its last
                 *     period): the page holds the periods that ended before this date.
                 */
                starting_after?: components["schemas"]["LocalDate"];
            };
            header?: never;
            path: {
                /** @description The product's id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rate periods, the current one first. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductRatePeriodList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createStockAdjustment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The product's id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StockAdjustmentCreate"];
            };
        };
        responses: {
            /** @description The stock movement recorded. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockMovement"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listStockMovements: {
        parameters: {
            query?: {
                /** @description Only movements of this kind. */
                kind?: "opening" | "adjustment" | "invoice" | "invoice_cancel" | "credit_note" | "import";
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
            };
            header?: never;
            path: {
                /** @description The product's id. */
                id: components["parameters"]["ProductId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of stock movements. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockMovementList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createProductImport: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                "multipart/form-data": components["schemas"]["ProductImportUpload"];
                "text/csv": string;
            };
        };
        responses: {
            /** @description The import, accepted and queued. */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductImport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveProductImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product import's id. */
                id: components["parameters"]["ProductImportId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductImport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveProductImportErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product import's id. */
                id: components["parameters"]["ProductImportId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The problems, as CSV. */
            200: {
                headers: {
                    /** @description Suggests a file name for saving the answer. */
                    "Content-Disposition": string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhooks. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description The new webhook, with its secret. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook is deleted. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description The updated webhook. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only the attempts to deliver this event. */
                event_id?: string;
                /** @description How many objects a page holds, from 1 to 100 (MAX_PAGE_SIZE). */
                limit?: components["parameters"]["Limit"];
                /** @description A cursor for the next page, the `next_cursor` of the page before (the id of its last object). */
                starting_after?: components["parameters"]["StartingAfter"];
                /** @description Only attempts with this status. */
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of delivery attempts. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The delivery attempt's id (`dlv_…`), from the webhook's delivery log. */
                delivery_id: components["parameters"]["WebhookDeliveryId"];
                /** @description The webhook's id. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new attempt, pending and due at once. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique value of your choosing (a UUID is best) that makes this request safe to retry. A repeat with
                 *     the same key and the same body returns the first answer with `Idempotent-Replayed: true`; the same key
                 *     with another body is a 422 (`idempotency_key_reused`); a repeat while the first is still running is
                 *     a 409 (`idempotency_request_in_progress`). Keys are kept for 24 hours, per account and mode. An
                 *     answer that carries a secret shown once (creating or rotating an API key, creating a webhook or
                 *     rotating its secret) is replayed only to the API key that made the first request: under another
                 *     API key the same Idempotency-Key is a 422 (`idempotency_key_reused`).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook's id. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookRotateSecret"];
            };
        };
        responses: {
            /** @description The webhook, with its new secret. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
type WithRequired<T, K extends keyof T> = T & {
    [P in K]-?: T[P];
};
