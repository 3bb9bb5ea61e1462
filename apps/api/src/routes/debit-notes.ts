import type { components } from "@bahi/contract";
import type { Handlers } from "../http/operation-types.js";
import { pdfAnswer } from "../http/pdf-answer.js";
import { createDebitNote, findDebitNote, listDebitNotes } from "../services/notes/debit-notes.js";
import { noteEinvoiceText } from "../services/notes/note-rules.js";
import { debitNotePdf } from "../services/notes/pdf.js";
import { pageQuery } from "../services/shared/pagination.js";
import { JsonText } from "../values/json-text.js";

export const debitNoteHandlers: Handlers = {
  createDebitNote: async ({ body }, { principal, db, services, now }) => ({
    status: 201,
    body: await createDebitNote(db, principal, body, now, services.irp),
  }),
  retrieveDebitNote: async ({ path }, { principal, db }) => ({
    status: 200,
    body: await findDebitNote(db, principal, path.id),
  }),
  listDebitNotes: async ({ query }, { principal, db }) => ({
    status: 200,
    body: await listDebitNotes(db, principal, pageQuery(query)),
  }),
  retrieveDebitNotePdf: async ({ path, query, headers }, { principal, db, services }) =>
    pdfAnswer(
      await debitNotePdf(db, principal, path.id, query.copy ?? "original", services.renderPdf),
      headers["if-none-match"],
    ),
  retrieveDebitNoteEinvoice: async ({ path }, { principal, db }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["EInvoice"]>(
      await noteEinvoiceText(db, principal, "debit_note", path.id),
    ),
  }),
};
