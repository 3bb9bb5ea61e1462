import type { components } from "@bahi/contract";
import type { Handlers } from "../http/operation-types.js";
import { pdfAnswer } from "../http/pdf-answer.js";
import { retryRegistration } from "../services/einvoice/retry.js";
import { createCreditNote, findCreditNote, listCreditNotes } from "../services/notes/credit-notes.js";
import { noteEinvoiceText } from "../services/notes/note-rules.js";
import { creditNotePdf } from "../services/notes/pdf.js";
import { pageQuery } from "../services/shared/pagination.js";
import { JsonText } from "../values/json-text.js";

export const creditNoteHandlers: Handlers = {
  createCreditNote: async ({ body }, { principal, db, services, now }) => {
    const live = await services.einvoice.selections.registersLive(db, principal);
    const note = await createCreditNote(db, principal, body, now, live ? null : services.irp);
    if (note.einvoice_status !== "pending") return { status: 201, body: note };
    return {
      status: 201,
      body: note,
      // Committed with its number: the IRN is awaited outside every lock, for a while.
      settled: async () => {
        const { registrar, waitMs } = services.einvoice;
        const tried = await registrar.registerNow(principal, "credit_note", note.id, { waitMs, fresh: true });
        return {
          status: 201,
          body: tried ?? (await findCreditNote(services.pointReads, principal, note.id)),
        };
      },
    };
  },
  retryCreditNoteEinvoice: async ({ path }, { principal, db, services }) => {
    const pending = await retryRegistration(db, principal, "credit_note", path.id);
    const note = await findCreditNote(db, principal, path.id);
    if (!pending) return { status: 200, body: note };
    return {
      status: 200,
      body: note,
      settled: async () => {
        const { registrar, waitMs } = services.einvoice;
        const tried = await registrar.registerNow(principal, "credit_note", path.id, {
          waitMs,
          fresh: false,
        });
        return {
          status: 200,
          body: tried ?? (await findCreditNote(services.pointReads, principal, path.id)),
        };
      },
    };
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
