import type { Handlers } from "../http/operation-types.js";
import { allocatePayment, createPayment, findPayment, listPayments } from "../services/payments/payments.js";
import { pageQuery } from "../services/shared/pagination.js";

export const paymentHandlers: Handlers = {
  createPayment: async ({ body }, { principal, db, now }) => ({
    status: 201,
    body: await createPayment(db, principal, body, now),
  }),
  allocatePayment: async ({ path, body }, { principal, db, now }) => ({
    status: 200,
    body: await allocatePayment(db, principal, path.id, body, now),
  }),
  retrievePayment: async ({ path }, { principal, db }) => ({
    status: 200,
    body: await findPayment(db, principal, path.id),
  }),
  listPayments: async ({ query }, { principal, db }) => ({
    status: 200,
    body: await listPayments(db, principal, pageQuery(query)),
  }),
};
