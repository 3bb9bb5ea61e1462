import type { components } from "@bahi/contract";
import { JsonText } from "../http/json-text.js";
import type { Handlers } from "../http/operation-types.js";
import { findEventJson, listEvents } from "../services/events.js";
import { DEFAULT_PAGE_SIZE } from "../services/pagination.js";

export const eventHandlers: Handlers = {
  listEvents: async ({ query }, { principal, db, now }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["EventList"]>(
      await listEvents(
        db,
        principal,
        {
          limit: query.limit ?? DEFAULT_PAGE_SIZE,
          startingAfter: query.starting_after,
          type: query.type,
          createdGte: query.created_gte,
        },
        now,
      ),
    ),
  }),
  retrieveEvent: async ({ path }, { principal, db, now }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["Event"]>(await findEventJson(db, principal, path.id, now)),
  }),
};
