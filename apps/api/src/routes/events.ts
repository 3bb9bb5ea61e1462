import type { Handlers } from "../http/operation-types.js";
import { findEvent, listEvents } from "../services/events/events.js";
import { pageQuery } from "../services/shared/pagination.js";

export const eventHandlers: Handlers = {
  listEvents: async ({ query }, { principal, db, now }) => ({
    status: 200,
    body: await listEvents(db, principal, pageQuery(query), now),
  }),
  retrieveEvent: async ({ path }, { principal, db, now }) => ({
    status: 200,
    body: await findEvent(db, principal, path.id, now),
  }),
};
