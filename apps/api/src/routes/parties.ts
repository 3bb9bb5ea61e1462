import type { Handlers } from "../http/operation-types.js";
import { DEFAULT_PAGE_SIZE } from "../services/pagination.js";
import { createParty, findParty, listParties, toParty, updateParty } from "../services/parties.js";

export const partyHandlers: Handlers = {
  createParty: async ({ body }, { principal, services }) => ({
    status: 201,
    body: await services.db.transaction((tx) => createParty(tx, principal, body)),
  }),
  listParties: async ({ query }, { principal, services }) => ({
    status: 200,
    body: await listParties(services.db, principal, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      startingAfter: query.starting_after,
      type: query.type,
      gstin: query.gstin,
      q: query.q,
    }),
  }),
  retrieveParty: async ({ path }, { principal, services }) => ({
    status: 200,
    body: toParty(await findParty(services.db, principal, path.id)),
  }),
  updateParty: async ({ path, body }, { principal, services }) => ({
    status: 200,
    body: await services.db.transaction((tx) => updateParty(tx, principal, path.id, body)),
  }),
};
