import type { Handlers } from "../http/operation-types.js";
import { createParty, findParty, listParties, toParty, updateParty } from "../services/parties/parties.js";
import { pageQuery } from "../services/shared/pagination.js";

export const partyHandlers: Handlers = {
  createParty: async ({ body }, { principal, db }) => ({
    status: 201,
    body: await createParty(db, principal, body),
  }),
  listParties: async ({ query }, { principal, db }) => ({
    status: 200,
    body: await listParties(db, principal, pageQuery(query)),
  }),
  retrieveParty: async ({ path }, { principal, db }) => ({
    status: 200,
    body: toParty(await findParty(db, principal, path.id)),
  }),
  updateParty: async ({ path, body }, { principal, db }) => ({
    status: 200,
    body: await updateParty(db, principal, path.id, body),
  }),
};
