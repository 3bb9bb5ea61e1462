// The books after a fault, read straight from the database: what the answers said against what
// committed. Every create carries a token (an invoice's notes, a payment's reference, a credit note's
// invoice: each invoice is credited at most once by the load).
import { join } from "node:path";
import postgres from "postgres";

/** Opens the database the server used, for reading once the server is stopped (PGlite) or beside it. */
export async function openBooks(env) {
  if (env.DATABASE_URL) {
    const sql = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    return { query: async (text, params = []) => sql.unsafe(text, params), close: () => sql.end() };
  }
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const db = await PGlite.create({ dataDir: join(env.BAHI_DATA_DIR, "pgdata"), extensions: { pg_trgm } });
  return { query: async (text, params = []) => (await db.query(text, params)).rows, close: () => db.close() };
}

const TABLES = {
  invoice: { table: "invoices", token: "notes", event: "invoice.created" },
  payment: { table: "payments", token: "reference", event: "payment.created" },
  credit_note: { table: "credit_notes", token: "invoice_id", event: "credit_note.created" },
};

/**
 * Checks the books of `books.accountId` against `answers`: every 201 is in the database exactly once
 * (lost: answered 201 and absent; doubled: one token written twice, which a retried create must never
 * do), invoice numbers run 1..n in each financial year, stock is the opening stock less what committed
 * invoices took plus what credit notes restocked, and the created events match the rows one to one.
 */
export async function checkBooks(env, books, answers) {
  const db = await openBooks(env);
  const problems = [];
  let lost = 0;
  let doubled = 0;
  try {
    const final = answers.filter((a) => !a.attempt);
    for (const [op, { table, token, event }] of Object.entries(TABLES)) {
      const rows = await db.query(
        `select id, ${token} as token from ${table} where account_id = $1 and livemode = false`,
        [books.accountId],
      );
      const ids = new Set(rows.map((r) => r.id));
      const byToken = new Map();
      for (const r of rows) byToken.set(r.token, (byToken.get(r.token) ?? 0) + 1);
      for (const [t, count] of byToken) {
        if (count > 1) {
          doubled += count - 1;
          problems.push(`${op} ${t} written ${count} times`);
        }
      }
      for (const a of final.filter((x) => x.op === op && x.status === 201)) {
        if (!ids.has(a.id)) {
          lost += 1;
          problems.push(`${op} ${a.id} answered 201 but is not in the database`);
        }
      }
      const evented = await db.query(
        `select data->'object'->>'id' as id from events where account_id = $1 and livemode = false and type = $2`,
        [books.accountId, event],
      );
      const eventIds = new Map();
      for (const e of evented) eventIds.set(e.id, (eventIds.get(e.id) ?? 0) + 1);
      for (const id of ids) {
        if (!eventIds.has(id)) problems.push(`${op} ${id} has no ${event} event`);
        else if (eventIds.get(id) > 1) problems.push(`${op} ${id} has ${eventIds.get(id)} ${event} events`);
      }
      for (const id of eventIds.keys())
        if (!ids.has(id)) problems.push(`${event} event for ${id}, which did not commit`);
    }
    const numbers = await db.query(
      `select financial_year, number from invoices where account_id = $1 and livemode = false`,
      [books.accountId],
    );
    const byYear = new Map();
    for (const { financial_year: year, number } of numbers) {
      const serial = Number(/(\d+)$/.exec(number)?.[1]);
      byYear.set(year, [...(byYear.get(year) ?? []), serial]);
    }
    for (const [year, serials] of byYear) {
      serials.sort((a, b) => a - b);
      serials.forEach((serial, i) => {
        if (serial !== i + 1 && !problems.some((p) => p.startsWith(`invoice numbers of ${year}`)))
          problems.push(
            `invoice numbers of ${year} are not 1..${serials.length}: position ${i + 1} holds ${serial}`,
          );
      });
    }
    const [stock] = await db.query(
      `select p.stock_on_hand::text as on_hand,
         (select coalesce(sum(i.qty), 0)::text from invoice_items i join invoices v
            on v.account_id = i.account_id and v.livemode = i.livemode and v.id = i.invoice_id
          where i.account_id = p.account_id and i.livemode = p.livemode and i.product_id = p.id
            and v.status <> 'cancelled') as sold,
         (select coalesce(sum(c.qty), 0)::text from credit_note_items c join credit_notes n
            on n.account_id = c.account_id and n.livemode = c.livemode and n.id = c.credit_note_id
          where c.account_id = p.account_id and c.livemode = p.livemode and c.product_id = p.id
            and n.restock) as returned
       from products p where p.account_id = $1 and p.livemode = false and p.sku = $2`,
      [books.accountId, books.sku],
    );
    const expected = books.openingStock - Number(stock.sold) + Number(stock.returned);
    if (Number(stock.on_hand) !== expected)
      problems.push(
        `stock on hand ${stock.on_hand}, expected ${expected} (opening ${books.openingStock} − ${stock.sold} + ${stock.returned})`,
      );
    return { checked: final.length, lost, doubled, problems, invoices: numbers.length };
  } finally {
    await db.close();
  }
}
