// Every answer of one object is the same text, byte for byte, whichever path wrote it: its create, a
// read of it, a list of it, and the event (and so the webhook body) that announced it.
import { fixtures } from "@bahi/contract";
import { describe, expect } from "vitest";
import { it } from "./support/fixtures.js";

/** An object's text inside a list's or an event's text: the list and the event embed it whole. */
const embeds = (outer: string, inner: string) => expect(outer).toContain(inner);

describe("one object, one text", () => {
  it("a party, an invoice and a payment read as they were created, in lists and in their events", async ({
    call,
  }) => {
    const party = await call("createParty", { body: fixtures.PartyCreate });
    expect(party.status).toBe(201);
    expect((await call("retrieveParty", { path: { id: party.body.id } })).text).toBe(party.text);
    embeds((await call("listParties")).text, party.text);

    expect(
      (await call("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 50 } })).status,
    ).toBe(201);
    const invoice = await call("createInvoice", {
      body: { party_id: party.body.id, items: [{ sku: "PEN-01", qty: 3, rate: 99.99 }] },
    });
    expect(invoice.status).toBe(201);
    // Twice: the second read comes from what the node keeps of issued invoices.
    for (let i = 0; i < 2; i++)
      expect((await call("retrieveInvoice", { path: { id: invoice.body.id } })).text).toBe(invoice.text);
    embeds((await call("listInvoices")).text, invoice.text);

    const payment = await call("createPayment", {
      body: {
        party_id: party.body.id,
        amount: 10,
        mode: "upi",
        allocations: [{ invoice_id: invoice.body.id, amount: 10 }],
      },
    });
    expect(payment.status).toBe(201);
    expect((await call("retrievePayment", { path: { id: payment.body.id } })).text).toBe(payment.text);

    const events = (await call("listEvents", { query: { limit: 100 } })).text;
    embeds(events, `"data":{"object":${party.text}}`);
    embeds(events, `"data":{"object":${invoice.text}}`);
    embeds(events, `"data":{"object":${payment.text}}`);
  });
});
