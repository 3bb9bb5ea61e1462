import type { components } from "@bahi/contract";
import type { Handlers } from "../http/operation-types.js";
import { findEventJson, listEvents } from "../services/events/events.js";
import { pageQuery } from "../services/shared/pagination.js";
import { JsonText } from "../values/json-text.js";

export const eventHandlers: Handlers = {
  listEvents: async ({ query }, { principal, db, now }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["EventList"]>(
      await listEvents(db, principal, pageQuery(query), now),
    ),
  }),
  retrieveEvent: async ({ path }, { principal, db, now }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["Event"]>(await findEventJson(db, principal, path.id, now)),
  }),
};
