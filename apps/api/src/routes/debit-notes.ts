import type { components } from "@bahi/contract";
import type { Handlers } from "../http/operation-types.js";
import { pdfAnswer } from "../http/pdf-answer.js";
import { retryRegistration } from "../services/einvoice/retry.js";
import { createDebitNote, findDebitNote, listDebitNotes } from "../services/notes/debit-notes.js";
import { noteEinvoiceText } from "../services/notes/note-rules.js";
import { debitNotePdf } from "../services/notes/pdf.js";
import { pageQuery } from "../services/shared/pagination.js";
import { JsonText } from "../values/json-text.js";
import { awaitingIrn } from "./einvoice-wait.js";

export const debitNoteHandlers: Handlers = {
  createDebitNote: async ({ body }, ctx) => {
    const { principal, db, services, now } = ctx;
    const live = await services.einvoice.selections.registersLive(db, principal);
    const note = await createDebitNote(db, principal, body, now, live ? null : services.irp);
    if (note.einvoice_status !== "pending") return { status: 201, body: note };
    return awaitingIrn(ctx, "debit_note", note.id, note, { status: 201, fresh: true, read: findDebitNote });
  },
  retryDebitNoteEinvoice: async ({ path }, ctx) => {
    const pending = await retryRegistration(ctx.db, ctx.principal, "debit_note", path.id);
    const note = await findDebitNote(ctx.db, ctx.principal, path.id);
    if (!pending) return { status: 200, body: note };
    return awaitingIrn(ctx, "debit_note", path.id, note, { status: 200, fresh: false, read: findDebitNote });
  },
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
