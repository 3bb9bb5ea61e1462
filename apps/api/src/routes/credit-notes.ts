import type { components } from "@bahi/contract";
import type { Handlers } from "../http/operation-types.js";
import { createCreditNote, findCreditNoteJson, listCreditNotes } from "../services/notes/credit-notes.js";
import { noteEinvoiceText } from "../services/notes/note-rules.js";
import { pageQuery } from "../services/shared/pagination.js";
import { JsonText } from "../values/json-text.js";

export const creditNoteHandlers: Handlers = {
  createCreditNote: async ({ body }, { principal, db, services, now }) => ({
    status: 201,
    body: await createCreditNote(db, principal, body, now, services.irp),
  }),
  retrieveCreditNote: async ({ path }, { principal, db, services }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["CreditNote"]>(
      await findCreditNoteJson(db, services.issuedNotes, principal, path.id),
    ),
  }),
  listCreditNotes: async ({ query }, { principal, db, services }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["CreditNoteList"]>(
      await listCreditNotes(db, services.issuedNotes, principal, pageQuery(query)),
    ),
  }),
  retrieveCreditNoteEinvoice: async ({ path }, { principal, db }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["EInvoice"]>(
      await noteEinvoiceText(db, principal, "credit_note", path.id),
    ),
  }),
};
