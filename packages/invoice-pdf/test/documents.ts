/** Every kind of document the tests, the benchmark and the page images render, with its name. */
import type { RenderDocumentInput } from "../src/types.js";
import {
  account,
  cessInvoice,
  creditNote,
  debitNote,
  exportIgstInvoice,
  exportLutInvoice,
  interStateInvoice,
  intraStateInvoice,
  largeInvoice,
  reverseChargeInvoice,
  sezInvoice,
  unregisteredInvoice,
} from "./fixtures.js";

export const documents: Record<string, RenderDocumentInput> = {
  "invoice-intra-state": { kind: "invoice", document: intraStateInvoice, account, copy: "original" },
  "invoice-inter-state": { kind: "invoice", document: interStateInvoice, account, copy: "duplicate" },
  "invoice-reverse-charge": { kind: "invoice", document: reverseChargeInvoice, account, copy: "original" },
  "invoice-export-lut": {
    kind: "invoice",
    document: exportLutInvoice,
    account,
    copy: "original",
    lut: { arn: "AD2903260012345", date: "2026-03-28" },
  },
  "invoice-export-igst": { kind: "invoice", document: exportIgstInvoice, account, copy: "original" },
  "invoice-sez": { kind: "invoice", document: sezInvoice, account, copy: "triplicate" },
  "invoice-unregistered": { kind: "invoice", document: unregisteredInvoice, account, copy: "original" },
  "invoice-cess": { kind: "invoice", document: cessInvoice, account, copy: "original" },
  "invoice-cancelled": {
    kind: "invoice",
    document: {
      ...interStateInvoice,
      status: "cancelled",
      balance_due: 0,
      cancellation: {
        reason: "2",
        remark: "Wrong quantity entered",
        cancelled_at: "2026-11-23T09:20:00.000Z",
      },
    },
    account,
    copy: "original",
  },
  "credit-note": {
    kind: "credit_note",
    document: creditNote,
    account,
    copy: "original",
    invoice: interStateInvoice,
  },
  "debit-note": {
    kind: "debit_note",
    document: debitNote,
    account,
    copy: "original",
    invoice: intraStateInvoice,
  },
};

export function largeDocument(lines = 1000, variant = 0): RenderDocumentInput {
  return { kind: "invoice", document: largeInvoice(lines, variant), account, copy: "original" };
}
