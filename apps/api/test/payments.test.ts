import { fixtures } from "@bahi/contract";
import { describe, expect } from "vitest";
import type { CallResult, TestApi } from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { it } from "./support/fixtures.js";
import { createTenant, type Tenant } from "./support/tenants.js";

interface Shop {
  tenant: Tenant;
  call: (operationId: string, options?: Parameters<TestApi["call"]>[1]) => Promise<CallResult>;
  party: (body?: unknown) => Promise<string>;
  /** An invoice of 354.00 (3 pens at 99.99 with 18% GST, rounded) to `party`. */
  invoice: (party: string, body?: Record<string, unknown>) => Promise<Record<string, any>>;
  pay: (body: Record<string, unknown>, headers?: Record<string, string>) => Promise<CallResult>;
  allocate: (id: string, allocations: unknown[]) => Promise<CallResult>;
  invoiceNow: (id: string) => Promise<Record<string, any>>;
}

const meera = fixtures.PartyCreateUnregistered;

/** A business with its own key and a pen in stock, so that each test's data is its own. */
async function shop(api: TestApi): Promise<Shop> {
  const tenant = await createTenant(api.database.handle.db);
  const call: Shop["call"] = (operationId, options = {}) =>
    api.call(operationId, { key: tenant.testKey, ...options });
  const created = await call("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 10000 } });
  expect(created.status).toBe(201);
  return {
    tenant,
    call,
    party: async (body = meera) => {
      const res = await call("createParty", { body });
      expect(res.status).toBe(201);
      return res.body.id;
    },
    invoice: async (party, body = {}) => {
      const res = await call("createInvoice", {
        body: { party_id: party, items: [{ sku: "PEN-01", qty: 3, rate: 99.99 }], ...body },
      });
      expect(res.status).toBe(201);
      if (!body.items) expect(res.body.total).toBe(354);
      return res.body;
    },
    pay: (body, headers) =>
      call("createPayment", { body: { mode: "upi", ...body }, ...(headers ? { headers } : {}) }),
    allocate: (id, allocations) => call("allocatePayment", { path: { id }, body: { allocations } }),
    invoiceNow: async (id) => (await call("retrieveInvoice", { path: { id } })).body,
  };
}

function expectProblem(res: CallResult, status: number, code: string, pointer?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  if (pointer !== undefined) expect(res.body.errors?.[0]).toMatchObject({ code, pointer });
}

describe("recording payments", () => {
  it("exact paise: 100.01 then 253.99 pay 354.00; issued → partially_paid → paid, each announced", async ({
    api,
  }) => {
    const s = await shop(api);
    const party = await s.party();
    const inv = await s.invoice(party);
    expect(inv.status).toBe("issued");
    const first = await s.pay({
      party_id: party,
      amount: 100.01,
      reference: "UTR0001",
      allocations: [{ invoice_id: inv.id, amount: 100.01 }],
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      object: "payment",
      livemode: false,
      party_id: party,
      amount: 100.01,
      mode: "upi",
      reference: "UTR0001",
      unallocated_amount: 0,
      allocations: [{ invoice_id: inv.id, amount: 100.01 }],
    });
    expect(first.body.id).toMatch(/^pay_/);
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      status: "partially_paid",
      amount_paid: 100.01,
      balance_due: 253.99,
    });
    const second = await s.pay({
      party_id: party,
      amount: 253.99,
      allocations: [{ invoice_id: inv.id, amount: 253.99 }],
    });
    expect(second.status).toBe(201);
    expect(second.body.reference).toBeNull();
    expect(await s.invoiceNow(inv.id)).toMatchObject({ status: "paid", amount_paid: 354, balance_due: 0 });

    const db = api.database.handle.db;
    const created = await eventsOf(db, s.tenant.accountId, "payment.created");
    expect(created.map((e) => e.object)).toEqual([first.body, second.body]);
    const partially = await eventsOf(db, s.tenant.accountId, "invoice.partially_paid");
    expect(partially).toHaveLength(1);
    expect(partially[0]?.object).toMatchObject({ id: inv.id, status: "partially_paid", balance_due: 253.99 });
    expect(partially[0]?.object.items).toHaveLength(1);
    const paid = await eventsOf(db, s.tenant.accountId, "invoice.paid");
    expect(paid.map((e) => e.object)).toEqual([await s.invoiceNow(inv.id)]);

    const cancel = await s.call("cancelInvoice", { path: { id: inv.id }, body: fixtures.InvoiceCancel });
    expectProblem(cancel, 409, "invoice_has_payments");
  });

  it("an advance stays unallocated, and is set against invoices later, several at once", async ({ api }) => {
    const s = await shop(api);
    const party = await s.party();
    const advance = await s.pay({ party_id: party, amount: 1000, mode: "bank_transfer" });
    expect(advance.status).toBe(201);
    expect(advance.body).toMatchObject({ allocations: [], unallocated_amount: 1000, amount: 1000 });
    const a = await s.invoice(party);
    const b = await s.invoice(party);
    const res = await s.allocate(advance.body.id, [
      { invoice_id: b.id, amount: 354 },
      { invoice_id: a.id, amount: 0.01 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: advance.body.id,
      unallocated_amount: 645.99,
      allocations: [
        { invoice_id: b.id, amount: 354 },
        { invoice_id: a.id, amount: 0.01 },
      ],
    });
    const more = await s.allocate(advance.body.id, [{ invoice_id: a.id, amount: 0.99 }]);
    expect(more.status).toBe(200);
    expect(more.body.unallocated_amount).toBe(645);
    expect(more.body.allocations.map((x: { amount: number }) => x.amount)).toEqual([354, 0.01, 0.99]);
    expect(await s.invoiceNow(a.id)).toMatchObject({
      status: "partially_paid",
      amount_paid: 1,
      balance_due: 353,
    });
    expect(await s.invoiceNow(b.id)).toMatchObject({ status: "paid", balance_due: 0 });
    const read = await s.call("retrievePayment", { path: { id: advance.body.id } });
    expect(read.body).toEqual(more.body);
    const over = await s.allocate(advance.body.id, [{ invoice_id: a.id, amount: 353.01 }]);
    expectProblem(over, 422, "allocation_exceeds_balance", "/allocations/0/amount");
    const c = await s.invoice(party);
    const d = await s.invoice(party);
    const tooMuch = await s.allocate(advance.body.id, [
      { invoice_id: c.id, amount: 354 },
      { invoice_id: d.id, amount: 291.01 },
    ]);
    expectProblem(tooMuch, 422, "allocation_exceeds_payment", "/allocations/1/amount");
    expect(await s.invoiceNow(c.id)).toMatchObject({ status: "issued", amount_paid: 0 });
    expect((await s.call("retrievePayment", { path: { id: advance.body.id } })).body).toEqual(more.body);
  });

  it("the date defaults to today in India; a date in the future is a 422", async ({ api }) => {
    const s = await shop(api);
    const party = await s.party();
    const res = await s.pay({ party_id: party, amount: 1 });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(res.body.date).toBe(today);
    expect((await s.pay({ party_id: party, amount: 1, date: "2026-04-01" })).body.date).toBe("2026-04-01");
    expectProblem(
      await s.pay({ party_id: party, amount: 1, date: "2099-01-01" }),
      422,
      "date_in_future",
      "/date",
    );
  });
});

describe("refused allocations", () => {
  it("each rule, at its pointer, changing nothing", async ({ api }) => {
    const s = await shop(api);
    const party = await s.party();
    const other = await s.party({ ...meera, name: "Someone Else" });
    const inv = await s.invoice(party);
    const theirs = await s.invoice(other);
    const cancelled = await s.invoice(party);
    expect(
      (await s.call("cancelInvoice", { path: { id: cancelled.id }, body: fixtures.InvoiceCancel })).status,
    ).toBe(200);
    const pay = (allocations: unknown[], amount = 500) => s.pay({ party_id: party, amount, allocations });

    expectProblem(await s.pay({ party_id: "pty_nosuch", amount: 1 }), 422, "unknown_party", "/party_id");
    expectProblem(
      await pay([{ invoice_id: "inv_00000000000000000000000000", amount: 1 }]),
      422,
      "unknown_invoice",
      "/allocations/0/invoice_id",
    );
    expectProblem(
      await pay([
        { invoice_id: inv.id, amount: 1 },
        { invoice_id: theirs.id, amount: 1 },
      ]),
      422,
      "invoice_of_other_party",
      "/allocations/1/invoice_id",
    );
    expectProblem(
      await pay([{ invoice_id: cancelled.id, amount: 1 }]),
      409,
      "invoice_cancelled",
      "/allocations/0/invoice_id",
    );
    expectProblem(
      await pay([{ invoice_id: inv.id, amount: 354.01 }]),
      422,
      "allocation_exceeds_balance",
      "/allocations/0/amount",
    );
    expectProblem(
      await pay([{ invoice_id: inv.id, amount: 100.01 }], 100),
      422,
      "allocation_exceeds_payment",
      "/allocations/0/amount",
    );
    expectProblem(
      await pay([
        { invoice_id: inv.id, amount: 1 },
        { invoice_id: inv.id, amount: 1 },
      ]),
      422,
      "duplicate_allocation",
      "/allocations/1/invoice_id",
    );
    // The spec's shape: amounts above 0 with at most 2 decimals, at most 100 allocations in one request.
    expect((await pay([{ invoice_id: inv.id, amount: 0 }])).status).toBe(400);
    expect((await pay([{ invoice_id: inv.id, amount: 1.001 }])).status).toBe(400);
    expect((await s.pay({ party_id: party, amount: 0 })).status).toBe(400);
    expect((await s.pay({ party_id: party, amount: 1, mode: "barter" })).status).toBe(400);
    const many = Array.from({ length: 101 }, () => ({ invoice_id: inv.id, amount: 1 }));
    expect((await pay(many)).status).toBe(400);

    expect(await s.invoiceNow(inv.id)).toMatchObject({ status: "issued", amount_paid: 0, balance_due: 354 });
    expect((await s.call("listPayments", {})).body.data).toEqual([]);
    expect(await eventsOf(api.database.handle.db, s.tenant.accountId, "payment.created")).toEqual([]);
  });

  it("at most 100 allocations per payment in all: 422 too_many_allocations", async ({ api }) => {
    const s = await shop(api);
    const party = await s.party();
    const invoices = [];
    for (let i = 0; i < 101; i++)
      invoices.push(await s.invoice(party, { items: [{ sku: "PEN-01", qty: 1, rate: 1 }] }));
    const res = await s.pay({
      party_id: party,
      amount: 200,
      allocations: invoices.slice(0, 100).map((inv) => ({ invoice_id: inv.id, amount: 0.01 })),
    });
    expect(res.status).toBe(201);
    expect(res.body.allocations).toHaveLength(100);
    const last = invoices[100] as Record<string, any>;
    expectProblem(
      await s.allocate(res.body.id, [{ invoice_id: last.id, amount: 0.01 }]),
      422,
      "too_many_allocations",
      "/allocations",
    );
  }, 60_000);

  it("404 for an unknown payment, or one of another account or mode", async ({ api }) => {
    const s = await shop(api);
    const party = await s.party();
    const res = await s.pay({ party_id: party, amount: 10 });
    const inv = await s.invoice(party);
    expectProblem(
      await s.call("retrievePayment", { path: { id: "pay_01jd59x8w7v6t5s4r3q2p1n0m9" } }),
      404,
      "not_found",
    );
    expectProblem(
      await s.allocate("pay_01jd59x8w7v6t5s4r3q2p1n0m9", [{ invoice_id: inv.id, amount: 1 }]),
      404,
      "not_found",
    );
    const live = await api.call("retrievePayment", { key: s.tenant.liveKey, path: { id: res.body.id } });
    expectProblem(live, 404, "not_found");
    const stranger = await shop(api);
    expectProblem(await stranger.call("retrievePayment", { path: { id: res.body.id } }), 404, "not_found");
    expectProblem(
      await stranger.allocate(res.body.id, [{ invoice_id: inv.id, amount: 1 }]),
      404,
      "not_found",
    );
    // Another account's invoice is unknown here, not of another party.
    const theirs = await stranger.pay({ party_id: await stranger.party(), amount: 5 });
    expectProblem(
      await stranger.allocate(theirs.body.id, [{ invoice_id: inv.id, amount: 1 }]),
      422,
      "unknown_invoice",
      "/allocations/0/invoice_id",
    );
  });
});

describe("reading payments", () => {
  it("lists newest first, with filters by party, invoice and date, and pages", async ({ api }) => {
    const s = await shop(api);
    const meeraId = await s.party();
    const otherId = await s.party({ ...meera, name: "Someone Else" });
    const inv = await s.invoice(meeraId);
    const a = await s.pay({
      party_id: meeraId,
      amount: 10,
      date: "2026-10-01",
      allocations: [{ invoice_id: inv.id, amount: 10 }],
    });
    const b = await s.pay({ party_id: otherId, amount: 20, date: "2026-11-01" });
    const c = await s.pay({ party_id: meeraId, amount: 30, date: "2026-11-15" });
    await s.allocate(c.body.id, [{ invoice_id: inv.id, amount: 5 }]);
    const ids = (res: CallResult) => res.body.data.map((p: { id: string }) => p.id);
    const list = await s.call("listPayments", {});
    expect(ids(list)).toEqual([c.body.id, b.body.id, a.body.id]);
    expect(list.body.data[0].allocations).toMatchObject([{ invoice_id: inv.id, amount: 5 }]);
    expect(ids(await s.call("listPayments", { query: { party_id: meeraId } }))).toEqual([
      c.body.id,
      a.body.id,
    ]);
    expect(ids(await s.call("listPayments", { query: { invoice_id: inv.id } }))).toEqual([
      c.body.id,
      a.body.id,
    ]);
    expect(
      ids(await s.call("listPayments", { query: { date_from: "2026-11-01", date_to: "2026-11-14" } })),
    ).toEqual([b.body.id]);
    expect(ids(await s.call("listPayments", { query: { date_from: "2026-11-01" } }))).toEqual([
      c.body.id,
      b.body.id,
    ]);
    expectProblem(
      await s.call("listPayments", { query: { date_from: "2026-11-02", date_to: "2026-11-01" } }),
      400,
      "validation_failed",
    );
    const page = await s.call("listPayments", { query: { limit: 2 } });
    expect(page.body.has_more).toBe(true);
    const rest = await s.call("listPayments", { query: { limit: 2, starting_after: page.body.next_cursor } });
    expect(rest.body).toMatchObject({ has_more: false, next_cursor: null });
    expect([...ids(page), ...ids(rest)]).toEqual([c.body.id, b.body.id, a.body.id]);
    expect(ids(await api.call("listPayments", { key: s.tenant.liveKey }))).toEqual([]);
  });
});

describe("idempotent creates", () => {
  it("a retried create gives the same payment, never a second; another body under the key is refused", async ({
    api,
  }) => {
    const s = await shop(api);
    const party = await s.party();
    const inv = await s.invoice(party);
    const body = { party_id: party, amount: 100, allocations: [{ invoice_id: inv.id, amount: 100 }] };
    const first = await s.pay(body, { "idempotency-key": "receipt-7" });
    const retry = await s.pay(body, { "idempotency-key": "receipt-7" });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expectProblem(
      await s.pay({ ...body, amount: 101 }, { "idempotency-key": "receipt-7" }),
      422,
      "idempotency_key_reused",
    );
    expect((await s.call("listPayments", {})).body.data).toHaveLength(1);
    expect(await s.invoiceNow(inv.id)).toMatchObject({ amount_paid: 100, balance_due: 254 });
  });
});

describe("racing payments", () => {
  async function race(api: TestApi, share: number, expectedWinners: number) {
    const s = await shop(api);
    const party = await s.party();
    const inv = await s.invoice(party);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.pay({ party_id: party, amount: share, allocations: [{ invoice_id: inv.id, amount: share }] }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    for (const r of lost) expectProblem(r, 422, "allocation_exceeds_balance", "/allocations/0/amount");
    expect(won).toHaveLength(expectedWinners);
    const after = await s.invoiceNow(inv.id);
    const paise = won.reduce((sum, r) => sum + Math.round(r.body.allocations[0].amount * 100), 0);
    expect(Math.round(after.amount_paid * 100)).toBe(paise);
    expect(after.amount_paid).toBeLessThanOrEqual(after.total);
    const listed = await s.call("listPayments", { query: { invoice_id: inv.id } });
    expect(listed.body.data).toHaveLength(expectedWinners);
    return after;
  }

  it("10 concurrent payments of 60% of one invoice: exactly one succeeds", async ({ api }) => {
    expect(await race(api, 212.4, 1)).toMatchObject({
      status: "partially_paid",
      amount_paid: 212.4,
      balance_due: 141.6,
    });
  });

  it("10 concurrent payments of 40.00 against 354.00: exactly 8 succeed, no update lost", async ({ api }) => {
    expect(await race(api, 40, 8)).toMatchObject({
      status: "partially_paid",
      amount_paid: 320,
      balance_due: 34,
    });
  });
});
