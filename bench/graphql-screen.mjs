// The screen an integrator builds, "this customer's unpaid invoices with their items and payments", on
// PostgreSQL over loopback, side by side in one run: as the REST calls it takes today (the party, its
// issued and its partly paid invoices, then each unpaid invoice's payments; every independent call
// sent in turn, and every independent call sent at once) and as one GraphQL query (packages/sdk/graphql/unpaid-invoices.graphql). For each:
// the median and p95 time of one screen with one client, the server's CPU per screen, then screens a second with BENCH_CLIENTS
// (8) clients loading screens for BENCH_SECONDS (5). The customer has BENCH_UNPAID (12) unpaid
// invoices of three lines, half of them partly paid, among 300 invoices of 10 customers.
import { readFileSync } from "node:fs";
import { createDatabase, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const UNPAID = Number(process.env.BENCH_UNPAID ?? 12);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 200;
const query = readFileSync(
  new URL("../packages/sdk/graphql/unpaid-invoices.graphql", import.meta.url),
  "utf8",
);

const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "10" });
const auth = { authorization: `Bearer ${api.key}` };

async function get(path) {
  const res = await fetch(`${api.url}${path}`, { headers: auth });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** The screen through REST: 3 calls, then one per unpaid invoice, each wave sent at once. */
async function restScreen(partyId) {
  const [party, issued, partly] = await Promise.all([
    get(`/v1/parties/${partyId}`),
    get(`/v1/invoices?party_id=${partyId}&status=issued&limit=50`),
    get(`/v1/invoices?party_id=${partyId}&status=partially_paid&limit=50`),
  ]);
  const invoices = [...issued.data, ...partly.data];
  const payments = await Promise.all(invoices.map((i) => get(`/v1/payments?invoice_id=${i.id}&limit=100`)));
  return { party, invoices: invoices.map((invoice, n) => ({ ...invoice, payments: payments[n].data })) };
}

/** The screen through REST as a dozen calls one after another, as a simple integration makes them. */
async function restScreenInTurn(partyId) {
  const party = await get(`/v1/parties/${partyId}`);
  const issued = await get(`/v1/invoices?party_id=${partyId}&status=issued&limit=50`);
  const partly = await get(`/v1/invoices?party_id=${partyId}&status=partially_paid&limit=50`);
  const invoices = [];
  for (const invoice of [...issued.data, ...partly.data]) {
    invoices.push({
      ...invoice,
      payments: (await get(`/v1/payments?invoice_id=${invoice.id}&limit=100`)).data,
    });
  }
  return { party, invoices };
}

/** The server's CPU time so far, in ms (Linux: utime + stime of /proc/<pid>/stat, in 10 ms ticks). */
function serverCpuMs() {
  const fields = readFileSync(`/proc/${api.child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The same screen as one GraphQL query. */
async function graphqlScreen(partyId) {
  const res = await fetch(`${api.url}/graphql`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ query, variables: { partyId } }),
  });
  const body = await res.json();
  if (!res.ok || body.errors) throw new Error(`graphql: ${res.status} ${JSON.stringify(body.errors)}`);
  return body.data;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function latency(screen, partyId) {
  const times = [];
  const cpuBefore = serverCpuMs();
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await screen(partyId);
    times.push(performance.now() - started);
  }
  const cpu = (serverCpuMs() - cpuBefore) / ROUNDS;
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), cpu };
}

async function throughput(screen, partyId) {
  let screens = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        await screen(partyId);
        screens += 1;
      }
    }),
  );
  return screens / SECONDS;
}

try {
  const { post, party: other } = await seedInvoiceSale(api);
  const customers = [other.id];
  for (let i = 1; i < 10; i++) {
    const party = await post("/v1/parties", {
      type: "customer",
      name: `Customer ${i}`,
      address: { line1: "1 Road", city: "Mysuru", state_code: "29", pin: "570002" },
    });
    customers.push(party.id);
  }
  const customer = customers[1];
  const items = [
    { sku: "B-1", qty: 1, rate: 99.99 },
    { sku: "B-2", qty: 2, rate: 49.5 },
    { sku: "B-3", qty: 1.5, rate: 10 },
  ];
  for (let i = 0; i < 300 - UNPAID; i++) {
    const party =
      customers[i % customers.length] === customer ? customers[0] : customers[i % customers.length];
    const invoice = await post("/v1/invoices", { party_id: party, items });
    await post("/v1/payments", {
      party_id: party,
      amount: invoice.total,
      mode: "upi",
      allocations: [{ invoice_id: invoice.id, amount: invoice.total }],
    });
  }
  for (let i = 0; i < UNPAID; i++) {
    const invoice = await post("/v1/invoices", { party_id: customer, items });
    if (i % 2 === 0) {
      for (const amount of [50, 25]) {
        await post("/v1/payments", {
          party_id: customer,
          amount,
          mode: "upi",
          allocations: [{ invoice_id: invoice.id, amount }],
        });
      }
    }
  }
  // Both answer the same screen.
  const rest = await restScreen(customer);
  const graph = await graphqlScreen(customer);
  const graphInvoices = [...graph.issued.nodes, ...graph.partiallyPaid.nodes];
  if (rest.invoices.length !== UNPAID || graphInvoices.length !== UNPAID)
    throw new Error("the screens differ");
  const restPayments = rest.invoices.reduce((n, i) => n + i.payments.length, 0);
  const graphPayments = graphInvoices.reduce((n, i) => n + i.payments.length, 0);
  if (restPayments !== graphPayments || restPayments !== UNPAID)
    throw new Error("the screens' payments differ");

  // Warm both, then measure them one after the other, twice, alternating.
  await latency(restScreen, customer);
  await latency(graphqlScreen, customer);
  const figures = { inTurn: [], rest: [], graphql: [] };
  const measure = async (screen) => ({
    ...(await latency(screen, customer)),
    perSecond: await throughput(screen, customer),
  });
  for (let round = 0; round < 2; round++) {
    figures.inTurn.push(await measure(restScreenInTurn));
    figures.rest.push(await measure(restScreen));
    figures.graphql.push(await measure(graphqlScreen));
  }
  const best = (list, key, pick) => pick(...list.map((f) => f[key]));
  const cell = (list, key, pick, digits) => best(list, key, pick).toFixed(digits).padStart(9);
  const row = (name, calls, list) =>
    `${name.padEnd(14)}${String(calls).padStart(6)}${cell(list, "median", Math.min, 2)} ms${cell(list, "p95", Math.min, 2)} ms` +
    `${cell(list, "cpu", Math.min, 2)} ms${cell(list, "perSecond", Math.max, 0)}/s`;
  console.log(`\nA customer's ${UNPAID} unpaid invoices with items and payments (best of 2 rounds):`);
  console.log(
    `                calls  median, 1 client      p95   server CPU   screens/s, ${CLIENTS} clients`,
  );
  console.log(row("REST in turn", 3 + UNPAID, figures.inTurn));
  console.log(row("REST at once", 3 + UNPAID, figures.rest));
  console.log(row("GraphQL", 1, figures.graphql));
  for (const [name, rest] of [
    ["REST in turn", figures.inTurn],
    ["REST at once", figures.rest],
  ]) {
    const ratio = (key, pick) => best(rest, key, pick) / best(figures.graphql, key, pick);
    console.log(
      `GraphQL against ${name}: ${ratio("median", Math.min).toFixed(2)}× faster per screen, ` +
        `${ratio("cpu", Math.min).toFixed(2)}× less server CPU, ${(1 / ratio("perSecond", Math.max)).toFixed(2)}× the screens a second`,
    );
  }
} finally {
  await stopApi(api);
  await database.drop();
}
