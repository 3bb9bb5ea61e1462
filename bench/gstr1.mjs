// Issue #6: GET /v1/gstr1/{period} on PostgreSQL over a month of 100,000 invoices (B2B, B2CL, B2CS and
// exports, rates 0/5/18/40, 1–5 items each, 1% cancelled) and 2,000 credit notes, seeded in SQL the
// way the API writes them. Times the whole answer (to its last byte) and samples the server's RSS.
// BENCH_AB_OTHER=<another checkout, built> measures that build (A) against this one (B), alternately.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { createDatabase, startApi, startNode, stopApi } from "./support.mjs";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const NOTES = Number(process.env.BENCH_NOTES ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUYERS = 500;
const PERIOD = { fp: "102026", first: "2026-10-01", days: 31, fy: "2026-27", short: "26-27" };

/** GSTIN check character (gst.md: Luhn mod 36), so that every seeded buyer GSTIN is valid. */
function gstin(first14) {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let total = 0;
  for (let i = 0; i < 14; i++) {
    const p = alphabet.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    total += Math.floor(p / 36) + (p % 36);
  }
  return first14 + alphabet[(36 - (total % 36)) % 36];
}

const rssOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
};

async function seed(sql, accountId) {
  const owner = { account_id: accountId, livemode: false };
  // Products as the API creates them: goods in NOS/KGS, one service in NA, four rates in force in 2026.
  const products = [
    ["P-PEN", "Ballpoint pen, blue", "96081019", "NOS", "18", "99.990"],
    ["P-RICE", "Basmati rice", "10063020", "KGS", "5", "85.500"],
    ["P-MILK", "Milk", "04011000", "LTR", "0", "56.000"],
    ["P-CAR", "Motor car accessory", "87089900", "NOS", "40", "1450.000"],
    ["P-SVC", "Installation service", "998719", "NA", "18", "1500.000"],
    ["P-BOOK", "Notebook", "48202000", "NOS", "5", "45.250"],
  ];
  await sql`insert into products ${sql(
    products.map(([sku, name, hsn, unit, rate, price], i) => ({
      ...owner,
      id: `prd_bench${i}`,
      sku,
      name,
      price,
      gst_rate: rate,
      hsn_code: hsn,
      unit,
      track_stock: false,
    })),
  )}`;
  // 500 registered buyers in other states and at home, one unregistered buyer at home, one in Delhi.
  const states = ["27", "07", "33", "29", "24"];
  const buyers = Array.from({ length: BUYERS }, (_, i) => {
    const state = states[i % states.length];
    const pan = `AAB${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${String(1000 + i).slice(-4)}R`;
    return { id: `pty_benchr${i}`, name: `Buyer ${i}`, gstin: gstin(`${state}${pan}1Z`), state_code: state };
  });
  const walkIns = [
    { id: "pty_benchu0", name: "Walk-in, Bengaluru", gstin: null, state_code: "29" },
    { id: "pty_benchu1", name: "Walk-in, Delhi", gstin: null, state_code: "07" },
  ];
  await sql`insert into parties ${sql(
    [...buyers, ...walkIns].map((p) => ({
      ...owner,
      id: p.id,
      type: "customer",
      name: p.name,
      gstin: p.gstin,
      state_code: p.state_code,
      address_line1: "1 Main Road",
      city: "City",
      address_state_code: p.state_code,
      pin: "110001",
    })),
  )}`;
  await sql`create temp table buyer as select row_number() over (order by id) - 1 as n, * from parties
    where account_id = ${accountId} and gstin is not null`;
  await sql`create temp table product as select row_number() over (order by id) - 1 as n, * from products
    where account_id = ${accountId}`;

  // Each invoice n: 40% B2B (buyer n % 500), 5% B2CL (Delhi, 120 units), 5% exports, 50% B2CS; 1–5
  // lines over several products; tax per line rounded half-up to the paisa, as computeInvoiceTax does.
  await sql`create temp table seed_invoice as
    select n, (${PERIOD.first}::date + (n % ${PERIOD.days}))::date as date,
      case when n % 20 < 8 then 'b2b' when n % 20 = 8 then 'b2cl' when n % 20 = 9 then 'exp' else 'b2cs' end as kind,
      1 + n % 5 as lines
    from generate_series(1, ${INVOICES}) n`;
  await sql`create temp table seed_line as
    select i.n, k as line_no, p.id as product_id, p.sku, p.name, p.hsn_code, p.unit, p.gst_rate, p.price as rate,
      case when i.kind = 'b2cl' then 120 when p.unit = 'NA' then 1 else 1 + (i.n * k) % 7 end::numeric(16,3) as qty,
      i.kind, i.date,
      case when i.kind = 'b2b' then b.state_code when i.kind in ('b2cl') then '07' when i.kind = 'exp' then '96'
        when i.n % 3 = 0 then '07' else '29' end as pos
    from seed_invoice i
    cross join lateral generate_series(1, i.lines) k
    join product p on p.n = (i.n + k) % 6
    left join buyer b on b.n = i.n % ${BUYERS}`;
  await sql`create temp table seed_taxed as
    select l.*, round(l.qty * l.rate, 2) as taxable,
      case when l.pos = '29' then round(round(l.qty * l.rate, 2) * l.gst_rate / 200, 2) else 0 end as half,
      case when l.pos <> '29' then round(round(l.qty * l.rate, 2) * l.gst_rate / 100, 2) else 0 end as igst
    from seed_line l`;
  await sql`insert into invoices (account_id, livemode, id, number, financial_year, seq, number_format, date, status,
      party_id, party, place_of_supply, supply_type, reverse_charge, sgst_label, taxable_value, cgst, sgst, igst, cess,
      round_off, total)
    select ${accountId}, false, 'inv_bench' || t.n, 'INV/${sql.unsafe(PERIOD.short)}/' || lpad(t.n::text, 6, '0'),
      ${PERIOD.fy}, t.n, 'INV/{FY:short}/{SEQ:6}', min(t.date), case when t.n % 100 = 99 then 'cancelled' else 'issued' end,
      coalesce(min(b.id), case when min(t.pos) = '07' then 'pty_benchu1' else 'pty_benchu0' end),
      jsonb_build_object('name', coalesce(min(b.name), 'Walk-in'), 'gstin', min(b.gstin), 'state_code', min(t.pos),
        'address', jsonb_build_object('line1', '1 Main Road', 'city', 'City', 'state_code', min(t.pos), 'pin', '110001')),
      min(t.pos), case when min(t.pos) = '29' then 'intra_state' else 'inter_state' end, false, 'SGST',
      sum(taxable), sum(half), sum(half), sum(igst), 0,
      round(sum(taxable + 2 * half + igst)) - sum(taxable + 2 * half + igst), round(sum(taxable + 2 * half + igst))
    from seed_taxed t left join buyer b on t.kind = 'b2b' and b.n = t.n % ${BUYERS}
    group by t.n`;
  await sql`insert into invoice_items (account_id, livemode, invoice_id, line_no, product_id, sku, description,
      hsn_code, unit, qty, rate, gross, discount, taxable_value, gst_rate, cess_rate, cgst, sgst, igst, cess, total)
    select ${accountId}, false, 'inv_bench' || n, line_no, product_id, sku, name, hsn_code, unit, qty, rate,
      taxable, 0, taxable, gst_rate, 0, half, half, igst, 0, taxable + 2 * half + igst
    from seed_taxed`;
  // Credit notes against line 1 of every 23rd issued invoice (of every kind), dated a day after it (within the month).
  await sql`create temp table seed_note as
    select row_number() over (order by t.n) as k, t.* from seed_taxed t
    join invoices i on i.account_id = ${accountId} and i.livemode = false and i.id = 'inv_bench' || t.n
    where t.line_no = 1 and t.n % 23 = 0 and i.status <> 'cancelled' and t.date < ${PERIOD.first}::date + ${PERIOD.days - 1}::int
    limit ${NOTES}`;
  await sql`insert into credit_notes (account_id, livemode, id, number, financial_year, seq, number_format, date,
      invoice_id, party_id, reason, restock, place_of_supply, supply_type, reverse_charge, sgst_label, taxable_value,
      cgst, sgst, igst, cess, round_off, total, credited_to_party, refund_due)
    select ${accountId}, false, 'crn_bench' || k, 'CN/${sql.unsafe(PERIOD.short)}/' || lpad(k::text, 6, '0'), ${PERIOD.fy},
      k, 'CN/{FY:short}/{SEQ:6}', date + 1, 'inv_bench' || n, 'pty_bench', 'sales_return', false, pos,
      case when pos = '29' then 'intra_state' else 'inter_state' end, false, 'SGST', taxable, half, half, igst, 0,
      round(taxable + 2 * half + igst) - (taxable + 2 * half + igst), round(taxable + 2 * half + igst),
      round(taxable + 2 * half + igst), 0
    from seed_note`;
  await sql`insert into credit_note_items (account_id, livemode, credit_note_id, line_no, invoice_id, invoice_line_no,
      product_id, sku, description, hsn_code, unit, qty, rate, gross, discount, taxable_value, gst_rate, cess_rate,
      cgst, sgst, igst, cess, total)
    select ${accountId}, false, 'crn_bench' || k, 1, 'inv_bench' || n, 1, product_id, sku, name, hsn_code, unit,
      qty, rate, taxable, 0, taxable, gst_rate, 0, half, half, igst, 0, taxable + 2 * half + igst
    from seed_note`;
  await sql`insert into document_series (account_id, livemode, kind, period, last_seq) values
    (${accountId}, false, 'invoice', ${PERIOD.fy}, ${INVOICES}), (${accountId}, false, 'credit_note', ${PERIOD.fy}, ${NOTES})`;
  await sql`analyze`;
  const [{ invoices, items, notes }] = await sql`select
    (select count(*)::int from invoices) as invoices, (select count(*)::int from invoice_items) as items,
    (select count(*)::int from credit_notes) as notes`;
  return { invoices, items, notes };
}

async function timed(url, key) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 500)}`);
  return { ms, bytes: text.length, body: text };
}

const env = { BAHI_RATE_LIMIT: "off", BAHI_WORKER: "off" };
const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, ...env });
const sides = [{ label: process.env.BENCH_AB_OTHER ? "B" : "", api }];
const sql = postgres(database.url, { max: 1, onnotice: () => {} });
let sampler;
try {
  if (process.env.BENCH_AB_OTHER) {
    // That build serves as A beside this one (B), on the same database; their requests alternate, so
    // that both see the same load, and their files must be byte-identical.
    const other = await startNode(
      { DATABASE_URL: database.url, ...env },
      {
        root: process.env.BENCH_AB_OTHER,
        nodeArgs: (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
      },
    );
    sides.unshift({ label: "A", api: { ...other, key: api.key } });
  }
  const seedStarted = performance.now();
  const counts = await seed(sql, api.accountId);
  console.log(
    `seeded ${counts.invoices} invoices (${counts.items} lines) and ${counts.notes} credit notes in ${Math.round(performance.now() - seedStarted)} ms`,
  );
  for (const side of sides) {
    side.before = rssOf(side.api.child.pid).rss;
    side.peak = side.before;
    side.portal = [];
    side.summary = [];
  }
  sampler = setInterval(() => {
    for (const side of sides) side.peak = Math.max(side.peak, rssOf(side.api.child.pid).rss);
  }, 10);
  const report = (label, runs) => {
    const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `${label}: median ${Math.round(median)} ms, max ${Math.round(sorted.at(-1))} ms over ${runs.length} runs (${sorted.map(Math.round).join(", ")}), ${(runs[0].bytes / 1e6).toFixed(1)} MB`,
    );
  };
  const portalPath = `/v1/gstr1/${PERIOD.fp}`;
  const digests = new Set();
  for (let i = 0; i < RUNS; i++) {
    for (const side of sides) {
      const run = await timed(`${side.api.url}${portalPath}`, side.api.key);
      digests.add(createHash("sha256").update(run.body).digest("hex"));
      if (!side.file) side.file = JSON.parse(run.body);
      run.body = "";
      side.portal.push(run);
    }
  }
  const file = sides[0].file;
  const count = (groups, key) => groups?.reduce((n, g) => n + g[key].length, 0) ?? 0;
  console.log(
    `file: b2b ${count(file.b2b, "inv")} invoices in ${file.b2b?.length} buyers, b2cl ${count(file.b2cl, "inv")}, exp ${count(file.exp, "inv")}, b2cs ${file.b2cs?.length} rows, cdnr ${count(file.cdnr, "nt")}, cdnur ${file.cdnur?.length ?? 0}, hsn ${file.hsn.hsn_b2b.length}+${file.hsn.hsn_b2c.length} rows, doc_issue ${JSON.stringify(file.doc_issue.doc_det.map((d) => d.docs[0]))}`,
  );
  if (digests.size !== 1)
    throw new Error(`the portal files differ between runs or builds (${digests.size} versions)`);
  if (sides.length > 1) console.log("A's and B's files are byte-identical");
  for (const side of sides) {
    report(`${side.label} GET portal`.trim(), side.portal);
    side.portalPeak = side.peak;
  }
  for (let i = 0; i < RUNS; i++)
    for (const side of sides)
      side.summary.push(await timed(`${side.api.url}${portalPath}?format=summary`, side.api.key));
  for (const side of sides) report(`${side.label} GET summary`.trim(), side.summary);
  clearInterval(sampler);
  for (const side of sides) {
    const after = rssOf(side.api.child.pid);
    console.log(
      `${side.label ? `${side.label} ` : ""}server RSS: ${side.before.toFixed(0)} MB before, peak ${Math.max(side.peak, after.rss).toFixed(0)} MB sampled every 10 ms (${side.portalPeak.toFixed(0)} MB by the end of the portal files), ${after.hwm.toFixed(0)} MB high-water mark (VmHWM, since start)`,
    );
  }
} finally {
  clearInterval(sampler);
  await sql.end();
  for (const side of sides) await stopApi(side.api);
  await database.drop();
}
