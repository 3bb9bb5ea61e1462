import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createDatabase, load, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const ut = (p) => {
  try {
    const f = readFileSync(p, "utf8").split(") ")[1].split(" ");
    return [Number(f[11]) / 100, Number(f[12]) / 100];
  } catch {
    return [0, 0];
  }
};
function now(pid) {
  const pg = execFileSync("pgrep", ["-u", "postgres", "postgres"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const s = ut(`/proc/${pid}/stat`);
  const m = ut(`/proc/${pid}/task/${pid}/stat`);
  const p = pg.map((x) => ut(`/proc/${x}/stat`)).reduce((a, b) => [a[0] + b[0], a[1] + b[1]], [0, 0]);
  const cs = readFileSync(`/proc/${pid}/status`, "utf8").match(/voluntary_ctxt_switches:\s+(\d+)/)[1];
  return { s, m, p, cs: Number(cs) };
}
const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" });
try {
  const { headers, invoiceBody } = await seedInvoiceSale(api);
  const opts = { url: `${api.url}/v1/invoices`, method: "POST", headers, body: invoiceBody };
  await load({ ...opts, connections: 8, duration: 3 });
  for (const c of (process.env.C ?? "8,32,8,32").split(",").map(Number)) {
    const a = now(api.child.pid);
    const t = Date.now();
    const r = await load({ ...opts, connections: c, duration: 6 });
    const n = (r.rps * (Date.now() - t)) / 1000;
    const b = now(api.child.pid);
    const f = (x, y) =>
      `${(((y[0] - x[0]) * 1000) / n).toFixed(2)}u+${(((y[1] - x[1]) * 1000) / n).toFixed(2)}s`;
    console.log(
      `${c} clients ${r.rps}/s p99 ${r.p99} | server ${f(a.s, b.s)} main ${f(a.m, b.m)} pg ${f(a.p, b.p)} | main vol cs/create ${((b.cs - a.cs) / n).toFixed(2)}`,
    );
  }
} finally {
  await stopApi(api);
  await database.drop();
}
