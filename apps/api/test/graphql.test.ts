import { todayInIst } from "@bahi/gst";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { type GraphAnswer, graphql } from "./support/graphql.js";
import { createTenant, GSTINS, keyWithScopes, type Tenant } from "./support/tenants.js";

// GraphQL over the REST operations: every query and mutation of spec/graphql, answered from the same
// use cases (compared with REST's answers), idempotent mutations, userErrors and scope refusals.

let api: TestApi;
let tenant: Tenant;
const ask = (query: string, variables?: Record<string, unknown>, key = tenant.testKey) =>
  graphql(api, key, query, variables);

function dataOf(answer: GraphAnswer) {
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const ids = {
  product: "",
  party: "",
  invoice: "",
  cancelled: "",
  payment: "",
  creditNote: "",
  debitNote: "",
};

const PRODUCT = `product { id sku name price gstRate unit hsnCode trackStock stockOnHand }`;

beforeAll(async () => {
  api = await startTestApi({ webhookPolicy: new AddressPolicy(["127.0.0.1"]) });
  tenant = await createTenant(api.database.handle.db);
  const product = dataOf(
    await ask(
      `mutation($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT} userErrors { code } } }`,
      {
        input: {
          sku: "PEN-01",
          name: "Ballpoint pen",
          price: "99.99",
          gstRate: 18,
          unit: "PCS",
          hsnCode: "9608",
          openingStock: 500,
        },
      },
    ),
  ).createProduct;
  ids.product = product.product.id;
  const party = dataOf(
    await ask(
      `mutation($input: CreatePartyInput!) { createParty(input: $input) { party { id name gstin stateCode type } userErrors { code } } }`,
      {
        input: {
          type: "CUSTOMER",
          name: "Sharma Electronics",
          gstin: GSTINS.maharashtra,
          address: { line1: "Shop 14, Lamington Road", city: "Mumbai", stateCode: "27", pin: "400007" },
        },
      },
    ),
  ).createParty;
  ids.party = party.party.id;
  const invoice = `mutation($input: CreateInvoiceInput!) { createInvoice(input: $input) { invoice { id number status total } userErrors { code } } }`;
  const items = [{ sku: "PEN-01", qty: 10, rate: "99.99" }];
  ids.invoice = dataOf(await ask(invoice, { input: { partyId: ids.party, items } })).createInvoice.invoice.id;
  ids.cancelled = dataOf(
    await ask(invoice, { input: { partyId: ids.party, items } }),
  ).createInvoice.invoice.id;
  const payment = dataOf(
    await ask(
      `mutation($input: CreatePaymentInput!) { createPayment(input: $input) { payment { id amount unallocatedAmount allocations { invoiceId amount } } userErrors { code } } }`,
      {
        input: {
          partyId: ids.party,
          amount: "500",
          mode: "BANK_TRANSFER",
          allocations: [{ invoiceId: ids.invoice, amount: 400 }],
        },
      },
    ),
  ).createPayment.payment;
  ids.payment = payment.id;
  expect(payment).toMatchObject({
    amount: 500,
    unallocatedAmount: 100,
    allocations: [{ invoiceId: ids.invoice, amount: 400 }],
  });
  const note = dataOf(
    await ask(
      `mutation($input: CreateCreditNoteInput!) { createCreditNote(input: $input) { creditNote { id reason total items { sku qty } } userErrors { code } } }`,
      { input: { invoiceId: ids.invoice, reason: "SALES_RETURN", items: [{ sku: "PEN-01", qty: 1 }] } },
    ),
  ).createCreditNote.creditNote;
  ids.creditNote = note.id;
  expect(note).toMatchObject({ reason: "SALES_RETURN", items: [{ sku: "PEN-01", qty: 1 }] });
  const debit = await api.call("createDebitNote", {
    key: tenant.testKey,
    body: {
      invoice_id: ids.invoice,
      reason: "price_revision",
      items: [{ sku: "PEN-01", taxable_value: 50 }],
    },
  });
  expect(debit.status).toBe(201);
  ids.debitNote = debit.body.id;
  const cancelled = dataOf(
    await ask(
      `mutation($id: ID!) { cancelInvoice(id: $id, input: { reason: "2", remark: "Wrong quantity" }) { invoice { id status cancellation { reason remark } } userErrors { code } } }`,
      { id: ids.cancelled },
    ),
  ).cancelInvoice.invoice;
  expect(cancelled).toMatchObject({
    status: "CANCELLED",
    cancellation: { reason: "2", remark: "Wrong quantity" },
  });
  const hook = await api.call("createWebhook", {
    key: tenant.testKey,
    body: { url: "http://127.0.0.1:9/hooks", events: ["invoice.created"] },
  });
  expect(hook.status).toBe(201);
});
afterAll(() => api?.close());

/** A REST object's fields under their GraphQL names, as the default resolver reads them. */
function camelised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelised);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
      camelised(v),
    ]),
  );
}

describe("queries answer what REST answers", () => {
  it("invoice: every scalar field equal to REST's, money as the same numbers", async () => {
    const rest = (await api.call("retrieveInvoice", { key: tenant.testKey, path: { id: ids.invoice } })).body;
    const data = dataOf(
      await ask(
        `query($id: ID!) { invoice(id: $id) { id object livemode number date dueDate partyId placeOfSupply sez underLut
          deemedExport reverseCharge taxableValue cgst sgst igst cess roundOff total amountDebited amountPaid
          amountCredited balanceDue irn ackNo ackDate signedQrCode signedInvoice einvoiceStatus einvoiceError { code }
          notes createdAt
          party { name gstin stateCode address { line1 line2 city stateCode pin } }
          items { sku productId description hsnCode unit qty rate discount taxableValue gstRate cgst sgst igst cess total } } }`,
        { id: ids.invoice },
      ),
    );
    const {
      status,
      supply_type,
      sgst_label,
      ship_to,
      shipping_bill,
      cancellation,
      einvoice_status,
      ...shared
    } = rest;
    expect(data.invoice).toMatchObject(camelised(shared) as object);
    expect(status).toBe("partially_paid");
    expect([einvoice_status, data.invoice.einvoiceStatus]).toEqual(["registered", "REGISTERED"]);
  });

  it("invoice with its customer, items' products, allocations, payments and notes", async () => {
    const data = dataOf(
      await ask(
        `query($id: ID!) { invoice(id: $id) { status supplyType sgstLabel customer { id name }
          items { product { id sku stockOnHand } }
          allocations { paymentId amount payment { id amount } }
          payments { id mode party { id } allocations { invoiceId invoice { id } } }
          creditNotes { id invoice { id } party { id } items { product { id } } }
          debitNotes { id invoice { id } party { id } items { product { id } } } } }`,
        { id: ids.invoice },
      ),
    );
    expect(data.invoice).toMatchObject({
      status: "PARTIALLY_PAID",
      supplyType: "INTER_STATE",
      sgstLabel: "SGST",
      customer: { id: ids.party, name: "Sharma Electronics" },
      items: [{ product: { id: ids.product, sku: "PEN-01" } }],
      allocations: [{ paymentId: ids.payment, amount: 400, payment: { id: ids.payment, amount: 500 } }],
      payments: [
        {
          id: ids.payment,
          mode: "BANK_TRANSFER",
          party: { id: ids.party },
          allocations: [{ invoiceId: ids.invoice, invoice: { id: ids.invoice } }],
        },
      ],
      creditNotes: [
        {
          id: ids.creditNote,
          invoice: { id: ids.invoice },
          party: { id: ids.party },
          items: [{ product: { id: ids.product } }],
        },
      ],
      debitNotes: [
        {
          id: ids.debitNote,
          invoice: { id: ids.invoice },
          party: { id: ids.party },
          items: [{ product: { id: ids.product } }],
        },
      ],
    });
    // Stock: 500 opening, 10 + 10 sold, 10 back on cancellation, 1 returned by the credit note.
    expect(data.invoice.items[0].product.stockOnHand).toBe(491);
  });

  it("lists take REST's filters and page as Relay connections", async () => {
    const data = dataOf(
      await ask(
        `query($party: ID!, $today: String!) {
          cancelled: invoices(status: CANCELLED) { nodes { id } }
          ofParty: invoices(partyId: $party, dateFrom: $today, dateTo: $today, first: 1) {
            edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
          parties(type: CUSTOMER, q: "Sharma") { nodes { id invoices(status: CANCELLED) { nodes { id } } } }
          suppliers: parties(type: SUPPLIER) { nodes { id } }
          products(q: "PEN") { nodes { id stockOnHand } }
          lowStock: products(lowStock: true) { nodes { id } }
          payments(invoiceId: $party) { nodes { id } }
          paymentsOfParty: payments(partyId: $party) { nodes { id } }
          creditNotes(partyId: $party) { nodes { id } }
          debitNotes(partyId: $party) { nodes { id } }
          events(type: "invoice.cancelled") { nodes { id type data { object } } }
          webhooks { nodes { id url events status secret } }
        }`,
        { party: ids.party, today: todayInIst(new Date()) },
      ),
    );
    expect(data.cancelled.nodes).toEqual([{ id: ids.cancelled }]);
    expect(data.ofParty.edges).toEqual([{ cursor: ids.cancelled, node: { id: ids.cancelled } }]);
    expect(data.ofParty.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: ids.cancelled,
      endCursor: ids.cancelled,
    });
    expect(data.parties.nodes).toEqual([{ id: ids.party, invoices: { nodes: [{ id: ids.cancelled }] } }]);
    expect(data.suppliers.nodes).toEqual([]);
    expect(data.products.nodes).toEqual([{ id: ids.product, stockOnHand: 491 }]);
    expect(data.lowStock.nodes).toEqual([]);
    expect(data.paymentsOfParty.nodes).toEqual([{ id: ids.payment }]);
    expect(data.creditNotes.nodes).toEqual([{ id: ids.creditNote }]);
    expect(data.debitNotes.nodes).toEqual([{ id: ids.debitNote }]);
    expect(data.events.nodes).toHaveLength(1);
    expect(data.events.nodes[0].data.object).toMatchObject({
      id: ids.cancelled,
      object: "invoice",
      status: "cancelled",
    });
    expect(data.webhooks.nodes).toEqual([
      expect.objectContaining({
        url: "http://127.0.0.1:9/hooks",
        events: ["invoice.created"],
        status: "ENABLED",
        secret: null,
      }),
    ]);
    const next = dataOf(
      await ask(
        `query($party: ID!, $after: String) { invoices(partyId: $party, first: 1, after: $after) { nodes { id } pageInfo { hasNextPage } } }`,
        {
          party: ids.party,
          after: data.ofParty.pageInfo.endCursor,
        },
      ),
    );
    expect(next.invoices).toEqual({ nodes: [{ id: ids.invoice }], pageInfo: { hasNextPage: false } });
  });

  it("objects by id, node(id:) on every prefix, account and GSTR-1", async () => {
    const events = dataOf(await ask(`{ events(first: 1) { nodes { id } } webhooks { nodes { id } } }`));
    const eventId = events.events.nodes[0].id;
    const webhookId = events.webhooks.nodes[0].id;
    const data = dataOf(
      await ask(
        `query($inv: ID!, $pty: ID!, $prd: ID!, $pay: ID!, $crn: ID!, $dbn: ID!, $evt: ID!, $whk: ID!, $acc: ID!, $period: String!) {
          invoice(id: $inv) { id } party(id: $pty) { id } product(id: $prd) { id } payment(id: $pay) { id }
          creditNote(id: $crn) { id } debitNote(id: $dbn) { id } event(id: $evt) { id } webhook(id: $whk) { id }
          missing: invoice(id: "inv_00000000000000000000000000") { id }
          n1: node(id: $inv) { id ... on Invoice { number } } n2: node(id: $pty) { ... on Party { name } }
          n3: node(id: $prd) { ... on Product { sku } } n4: node(id: $pay) { ... on Payment { amount } }
          n5: node(id: $crn) { ... on CreditNote { reason } } n6: node(id: $dbn) { ... on DebitNote { reason } }
          n7: node(id: $evt) { id } n8: node(id: $whk) { id } n9: node(id: $acc) { ... on Account { legalName } }
          n10: node(id: "xyz_1") { id }
          account { id object legalName tradeName gstin pan stateCode plan subscriptionStatus invoiceNumberFormat numberReset
            address { line1 city stateCode pin } booksClosedThrough createdAt }
          gstr1Summary(period: $period) { object fp gstin sections { b2b { count taxableValue igst } hsn { count } cdnr { count } }
            docIssue { issued cancelled netIssued } warnings { code message documentId } } }`,
        {
          inv: ids.invoice,
          pty: ids.party,
          prd: ids.product,
          pay: ids.payment,
          crn: ids.creditNote,
          dbn: ids.debitNote,
          evt: eventId,
          whk: webhookId,
          acc: tenant.accountId,
          period: todayInIst(new Date()).slice(0, 7),
        },
      ),
    );
    expect(data).toMatchObject({
      invoice: { id: ids.invoice },
      party: { id: ids.party },
      product: { id: ids.product },
      payment: { id: ids.payment },
      creditNote: { id: ids.creditNote },
      debitNote: { id: ids.debitNote },
      event: { id: eventId },
      webhook: { id: webhookId },
      missing: null,
      n2: { name: "Sharma Electronics" },
      n3: { sku: "PEN-01" },
      n4: { amount: 500 },
      n5: { reason: "SALES_RETURN" },
      n6: { reason: "PRICE_REVISION" },
      n7: { id: eventId },
      n8: { id: webhookId },
      n9: { legalName: "Acme Traders Private Limited" },
      n10: null,
      account: { id: tenant.accountId, plan: "GROWTH", subscriptionStatus: "ACTIVE", numberReset: "YEARLY" },
    });
    const rest = await api.call("retrieveGstr1", {
      key: tenant.testKey,
      path: { period: todayInIst(new Date()).slice(0, 7) },
      query: { format: "summary" },
    });
    expect(data.gstr1Summary).toMatchObject({
      object: "gstr1_summary",
      fp: rest.body.fp,
      sections: {
        b2b: { count: rest.body.sections.b2b.count, taxableValue: rest.body.sections.b2b.taxable_value },
      },
      docIssue: { netIssued: rest.body.doc_issue.net_issued },
    });
  });

  it("a query by GET runs; a mutation by GET is refused", async () => {
    const url = new URL("/graphql", api.url);
    url.searchParams.set("query", "{ account { id } }");
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${tenant.testKey}`, accept: "application/json" },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as GraphAnswer["body"]).data.account.id).toBe(tenant.accountId);
    url.searchParams.set(
      "query",
      `mutation { cancelInvoice(id: "${ids.invoice}", input: { reason: "1", remark: "x" }) { userErrors { code } } }`,
    );
    const mutation = await fetch(url, {
      headers: { authorization: `Bearer ${tenant.testKey}`, accept: "application/json" },
    });
    expect(mutation.status).toBe(405);
  });

  it("REST's validation of a list's arguments: first is 1 to 100", async () => {
    expect(dataOf(await ask(`{ invoices(first: 100) { nodes { id } } }`)).invoices.nodes).toHaveLength(2);
    const over = await ask(`{ invoices(first: 101) { nodes { id } } }`);
    expect(over.body.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      problem: { code: "validation_failed", errors: [{ pointer: "/query/limit" }] },
    });
    const zero = await ask(`{ invoices(first: 0) { nodes { id } } }`);
    expect(zero.body.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("mutations", () => {
  const createParty = `mutation($input: CreatePartyInput!, $key: String) {
    createParty(input: $input, idempotencyKey: $key) { party { id name } userErrors { field code message } } }`;
  const meera = {
    type: "CUSTOMER",
    name: "Meera Rao",
    address: { line1: "221 Kalidasa Road", city: "Mysuru", stateCode: "29", pin: "570002" },
  };

  it("an idempotencyKey replays the first answer; the key with other input is refused", async () => {
    const first = dataOf(await ask(createParty, { input: meera, key: "gql-party-1" })).createParty;
    const again = dataOf(await ask(createParty, { input: meera, key: "gql-party-1" })).createParty;
    expect(again).toEqual(first);
    const other = dataOf(
      await ask(createParty, { input: { ...meera, name: "Someone Else" }, key: "gql-party-1" }),
    ).createParty;
    expect(other).toEqual({
      party: null,
      userErrors: [
        {
          field: ["idempotencyKey"],
          code: "idempotency_key_reused",
          message: "was used with another request",
        },
      ],
    });
    // The same key through REST, with the same body, is the same request.
    const rest = await api.call("createParty", {
      key: tenant.testKey,
      headers: { "idempotency-key": "gql-party-1" },
      body: {
        type: "customer",
        name: "Meera Rao",
        address: { line1: "221 Kalidasa Road", city: "Mysuru", state_code: "29", pin: "570002" },
      },
    });
    expect(rest.headers.get("idempotent-replayed")).toBe("true");
    expect(rest.body.id).toBe(first.party.id);
  });

  it("refusals come back as userErrors with REST's codes and the input's path", async () => {
    const invalid = dataOf(
      await ask(createParty, { input: { ...meera, address: { ...meera.address, pin: "12" } } }),
    ).createParty;
    expect(invalid.party).toBeNull();
    expect(invalid.userErrors[0]).toMatchObject({ field: ["input", "address", "pin"] });
    const sale = dataOf(
      await ask(
        `mutation($input: CreateInvoiceInput!) { createInvoice(input: $input) { invoice { id } userErrors { field code } } }`,
        { input: { partyId: ids.party, items: [{ sku: "NO-SUCH", qty: 1 }] } },
      ),
    ).createInvoice;
    expect(sale).toEqual({
      invoice: null,
      userErrors: [{ field: ["input", "items", "0", "sku"], code: "unknown_sku" }],
    });
    const overpaid = dataOf(
      await ask(
        `mutation($input: CreatePaymentInput!) { createPayment(input: $input) { payment { id } userErrors { field code } } }`,
        {
          input: {
            partyId: ids.party,
            amount: 1,
            mode: "CASH",
            allocations: [{ invoiceId: ids.invoice, amount: 2 }],
          },
        },
      ),
    ).createPayment;
    expect(overpaid.payment).toBeNull();
    expect(overpaid.userErrors[0].code).toMatch(/allocation/);
    const again = dataOf(
      await ask(
        `mutation($id: ID!) { cancelInvoice(id: $id, input: { reason: "1", remark: "again" }) { invoice { id } userErrors { field code } } }`,
        {
          id: ids.cancelled,
        },
      ),
    ).cancelInvoice;
    expect(again.invoice).toBeNull();
    expect(again.userErrors).toHaveLength(1);
    const decimals = dataOf(
      await ask(
        `mutation($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { field code } } }`,
        { input: { sku: "X-1", name: "X", price: "1.0001", gstRate: 18, unit: "PCS", hsnCode: "9608" } },
      ),
    ).createProduct;
    expect(decimals.userErrors[0]).toMatchObject({ field: ["input", "price"] });
  });
});

describe("credentials and scopes", () => {
  it("no key, or a bad one: 401 with UNAUTHENTICATED", async () => {
    for (const key of [null, "sk_test_nope"]) {
      const answer = await graphql(api, key, `{ account { id } }`);
      expect(answer.status).toBe(401);
      expect(answer.body.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    }
  });

  it("each field needs its REST operation's scopes: the rest of the answer stays", async () => {
    const key = await keyWithScopes(api.database.handle.db, tenant.accountId, ["invoices:read"]);
    const answer = await ask(
      `query($id: ID!) { invoice(id: $id) { id customer { id } payments { id } items { product { id } } } }`,
      { id: ids.invoice },
      key,
    );
    expect(answer.body.data.invoice).toEqual({
      id: ids.invoice,
      customer: null,
      payments: null,
      items: [{ product: null }],
    });
    const refusals = (answer.body.errors ?? []).map(
      (e: { path: unknown[]; extensions: { code: string; problem: { code: string } } }) => [
        e.path.join("."),
        e.extensions.code,
        e.extensions.problem.code,
      ],
    );
    expect(refusals).toEqual(
      expect.arrayContaining([
        ["invoice.customer", "FORBIDDEN", "insufficient_scope"],
        ["invoice.payments", "FORBIDDEN", "insufficient_scope"],
        ["invoice.items.0.product", "FORBIDDEN", "insufficient_scope"],
      ]),
    );
    const account = await ask(`{ account { id } }`, {}, key);
    expect(account.body.errors?.[0].extensions).toMatchObject({
      code: "FORBIDDEN",
      problem: { code: "insufficient_scope" },
    });
    const write = await ask(
      `mutation { createParty(input: { type: CUSTOMER, name: "X" }) { party { id } userErrors { code } } }`,
      {},
      key,
    );
    expect(write.body.data).toBeNull();
    expect(write.body.errors?.[0].extensions).toMatchObject({
      code: "FORBIDDEN",
      problem: { code: "insufficient_scope" },
    });
  });

  it("the key's mode selects the data: a live key sees none of the test objects", async () => {
    const data = dataOf(
      await ask(
        `query($id: ID!) { invoice(id: $id) { id } invoices { nodes { id } } }`,
        { id: ids.invoice },
        tenant.liveKey,
      ),
    );
    expect(data).toEqual({ invoice: null, invoices: { nodes: [] } });
  });
});
