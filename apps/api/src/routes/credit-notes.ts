import type { components } from "@bahi/contract";
import type { Handlers } from "../http/operation-types.js";
import { pdfAnswer } from "../http/pdf-answer.js";
import { retryRegistration } from "../services/einvoice/retry.js";
import { createCreditNote, findCreditNote, listCreditNotes } from "../services/notes/credit-notes.js";
import { noteEinvoiceText } from "../services/notes/note-rules.js";
import { creditNotePdf } from "../services/notes/pdf.js";
import { pageQuery } from "../services/shared/pagination.js";
import { JsonText } from "../values/json-text.js";
import { awaitingIrn } from "./einvoice-wait.js";

export const creditNoteHandlers: Handlers = {
  createCreditNote: async ({ body }, ctx) => {
    const { principal, db, services, now } = ctx;
    const live = await services.einvoice.selections.registersLive(db, principal);
    const note = await createCreditNote(db, principal, body, now, live ? null : services.irp);
    if (note.einvoice_status !== "pending") return { status: 201, body: note };
    return awaitingIrn(ctx, "credit_note", note.id, note, { status: 201, fresh: true, read: findCreditNote });
  },
  retryCreditNoteEinvoice: async ({ path }, ctx) => {
    const pending = await retryRegistration(ctx.db, ctx.principal, "credit_note", path.id);
    const note = await findCreditNote(ctx.db, ctx.principal, path.id);
    if (!pending) return { status: 200, body: note };
    return awaitingIrn(ctx, "credit_note", path.id, note, {
      status: 200,
      fresh: false,
      read: findCreditNote,
    });
  },
  retrieveCreditNote: async ({ path }, { principal, db }) => ({
    status: 200,
    body: await findCreditNote(db, principal, path.id),
  }),
  listCreditNotes: async ({ query }, { principal, db }) => ({
    status: 200,
    body: await listCreditNotes(db, principal, pageQuery(query)),
  }),
  retrieveCreditNotePdf: async ({ path, query, headers }, { principal, db, services }) =>
    pdfAnswer(
      await creditNotePdf(db, principal, path.id, query.copy ?? "original", services.renderPdf),
      headers["if-none-match"],
    ),
  retrieveCreditNoteEinvoice: async ({ path }, { principal, db }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["EInvoice"]>(
      await noteEinvoiceText(db, principal, "credit_note", path.id),
    ),
  }),
};
