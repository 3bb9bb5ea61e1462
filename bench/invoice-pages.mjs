// Issue #4: GET /v1/invoices filtered by date and by overdue, over a year of BENCH_INVOICES invoices
// (default 120,000; one line each) in one account on PostgreSQL, seeded in SQL the way the API writes
// them, created in date order. A page of a month long past, or of overdue invoices when few are,
// should cost about what the first page does, not grow with the account. Loads each query for
// BENCH_SECONDS (default 3) with 10 connections and prints its rate against the unfiltered first page.
import postgres from "postgres";
import { createDatabase, load, startApi, stopApi } from "./support.mjs";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 120_000);
const duration = Number(process.env.BENCH_SECONDS ?? 3);
const PARTIES = 200;
/** The year ends today; its newest UNPAID invoices are unpaid and not yet due. */
const UNPAID = 3_000;

const isoDay = (offset) =>
  new Date(Date.now() + 5.5 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

async function seed(sql, accountId) {
  await sql`insert into parties (account_id, livemode, id, type, name, state_code, address_line1, city, address_state_code, pin)
    select ${accountId}, false, 'pty_bench' || lpad(n::text, 20, '0'), 'customer', 'Buyer ' || n, '29', '1 Main Road',
      'Bengaluru', '29', '560001'
    from generate_series(1, ${PARTIES}) n`;
  await sql`insert into products (account_id, livemode, id, sku, name, price, gst_rate, hsn_code, unit, track_stock)
    values (${accountId}, false, 'prd_bench', 'P-PEN', 'Ballpoint pen', 10, 18, '96081019', 'NOS', false)`;
  // Invoice n is dated (n / INVOICES) of the way through the year that ends today, and its id sorts
  // by n, as ids made at creation do. 1 in 5,000 older invoices is part paid and overdue; the
  // UNPAID newest are issued, due in 30 days; 1% is cancelled; the rest are paid.
  await sql`create temp table seed_invoice as
    select n, (${isoDay(-364)}::date + (n * 364 / ${INVOICES}))::date as date,
      case when n > ${INVOICES - UNPAID} then 'issued' when n % 5000 = 7 then 'partially_paid'
        when n % 100 = 0 then 'cancelled' else 'paid' end as status
    from generate_series(1, ${INVOICES}) n`;
  await sql`insert into invoices (account_id, livemode, id, number, financial_year, seq, number_format, date, due_date,
      status, party_id, party, place_of_supply, supply_type, reverse_charge, sgst_label, taxable_value, cgst, sgst, igst,
      cess, round_off, total, amount_paid)
    select ${accountId}, false, 'inv_bench' || lpad(n::text, 20, '0'), 'INV/' || lpad(n::text, 7, '0'),
      case when extract(month from date) >= 4 then extract(year from date)::int || '-' || lpad(((extract(year from date)::int + 1) % 100)::text, 2, '0')
        else (extract(year from date)::int - 1) || '-' || lpad((extract(year from date)::int % 100)::text, 2, '0') end,
      n, 'INV/{SEQ:7}', date, date + 30, status, 'pty_bench' || lpad((1 + n % ${PARTIES})::text, 20, '0'),
      jsonb_build_object('name', 'Buyer', 'gstin', null, 'state_code', '29',
        'address', jsonb_build_object('line1', '1 Main Road', 'city', 'Bengaluru', 'state_code', '29', 'pin', '560001')),
      '29', 'intra_state', false, 'SGST', 100, 9, 9, 0, 0, 0, 118,
      case when status = 'paid' then 118 when status = 'partially_paid' then 50 else 0 end
    from seed_invoice`;
  await sql`insert into invoice_items (account_id, livemode, invoice_id, line_no, product_id, sku, description, hsn_code,
      unit, qty, rate, gross, discount, taxable_value, gst_rate, cess_rate, cgst, sgst, igst, cess, total)
    select ${accountId}, false, 'inv_bench' || lpad(n::text, 20, '0'), 1, 'prd_bench', 'P-PEN', 'Ballpoint pen',
      '96081019', 'NOS', 10, 10, 100, 0, 100, 18, 0, 9, 9, 0, 0, 118
    from seed_invoice`;
  await sql`analyze`;
}

const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_WORKER: "off" });
const sql = postgres(database.url, { max: 1, onnotice: () => {} });
try {
  await seed(sql, api.accountId);
  const month = (offset) => {
    const first = isoDay(offset).slice(0, 8);
    return `date_from=${first}01&date_to=${first}28`;
  };
  const queries = [
    ["first page, no filter", ""],
    ["this month", `date_from=${isoDay(0).slice(0, 8)}01`],
    ["a month 11 months ago", month(-330)],
    ["paid, 11 months ago", `status=paid&${month(-330)}`],
    ["dated before the 20th day", `date_to=${isoDay(-345)}`],
    ["overdue (1 in 5,000 paid part)", "overdue=true"],
  ];
  const headers = { authorization: `Bearer ${api.key}` };
  await load({ url: `${api.url}/v1/invoices?limit=20`, headers, duration: 2 });
  console.log(
    `GET /v1/invoices?limit=20 over ${INVOICES} invoices of a year, 10 connections, ${duration} s each`,
  );
  let first;
  for (const [label, query] of queries) {
    const url = `${api.url}/v1/invoices?limit=20${query ? `&${query}` : ""}`;
    const page = await (await fetch(url, { headers })).json();
    const r = await load({ url, headers, duration });
    first ??= r.rps;
    console.log(
      `  ${label.padEnd(28)} ${String(page.data.length).padStart(2)} rows ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ${(r.rps / first).toFixed(2)}× first`,
    );
  }
} finally {
  await sql.end();
  await stopApi(api);
  await database.drop();
}
