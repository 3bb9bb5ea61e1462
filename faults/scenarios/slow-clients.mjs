// Fault 7: slow and broken clients beside a steady load of creates. 200 connections send their
// headers a byte at a time (slowloris), 50 send half a body and stop, 2 ask for large answers and
// never read them. The server must keep answering the load within its latency bar and close each bad
// connection after its timeout (apps/api/src/http/timeouts.ts).
import { connect } from "node:net";
import { checkBooks } from "../lib/books.mjs";
import { startLoad } from "../lib/load.mjs";
import { badAnswers, sleep, tally } from "../lib/outcome.mjs";
import { startPostgres } from "../lib/postgres.mjs";
import { createAccount, setUpBooks, startServer } from "../lib/server.mjs";

/** The server's timeouts, as http/timeouts.ts sets them. */
const HEADERS_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 30_000;
/**
 * How late past its timeout a connection may be closed: Node checks every second, and on two cores
 * shared with other work (load average 25–30) its timers ran up to 6 s late.
 */
const SLACK_MS = 8_000;
/**
 * The latency bar: the p99 of the load's creates while the bad clients hold their connections may be
 * at most LATENCY_FACTOR times the p99 of the same load alone, measured just before, or
 * LATENCY_FLOOR_MS (the machine is shared: the load alone is what the bar is relative to).
 */
export const LATENCY_FACTOR = 2;
export const LATENCY_FLOOR_MS = 1_000;
/**
 * UNREAD_ANSWERS: the answers (724 kB each) one unread client asks for: 72 MB, more than loopback's
 * buffers hold (up to 32 MB received and 4 MB sent here), so that the server is left unable to write.
 */
const UNREAD_ANSWERS = 100;
/**
 * When the unread clients read at last. Node gives a socket whose write is pending one idle period
 * more before it times out, so such a client is cut within twice IDLE_TIMEOUT_MS.
 */
const UNREAD_READ_AFTER_MS = 2 * IDLE_TIMEOUT_MS + SLACK_MS;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;
};

/** A raw connection that records what it received and when it closed. */
function open(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.off("error", reject);
      socket.on("error", () => {});
      const opened = Date.now();
      const connection = { socket, opened, received: "", closedMs: null };
      socket.on("data", (chunk) => (connection.received += chunk.toString("latin1")));
      connection.closed = new Promise((done) =>
        socket.once("close", () => {
          connection.closedMs = Date.now() - opened;
          done(connection.closedMs);
        }),
      );
      resolve(connection);
    });
  });
}

/** Creates' latencies (ms) of the answers recorded from `since` on. */
const latencies = (answers, since, until = Number.POSITIVE_INFINITY) =>
  answers.filter((a) => a.at >= since && a.at < until && a.status === 201).map((a) => a.ms);

/**
 * On PostgreSQL: on PGlite the load's creates run on the server's own thread, so that on two shared
 * cores they alone held off new connections for seconds (its listen queue grew by hundreds).
 */
export async function slowClients({ slowloris = 200, halfBodies = 50, unread = 2, log }) {
  const pg = await startPostgres();
  // Rate limits off: the load alone passes 1,000 creates a minute.
  const env = { DATABASE_URL: pg.url, BAHI_RATE_LIMIT: "off" };
  const account = createAccount(env);
  const server = await startServer(env);
  const problems = [];
  const sockets = [];
  let dribbler;
  try {
    const books = await setUpBooks(server.url, account);
    const load = startLoad({ target: server, books, clients: 4 });
    await sleep(3_000); // warm-up, unmeasured
    const baselineFrom = Date.now();
    await sleep(10_000);
    const attackFrom = Date.now();

    const dribbling = await Promise.all(Array.from({ length: slowloris }, () => open(server.url)));
    for (const c of dribbling) {
      c.socket.write("GET /v1/invoices HTTP/1.1\r\nHost: x\r\n");
      sockets.push(c);
    }
    // One byte on each every half second: never idle, never done.
    const header = "X-Slow: 1\r\n";
    let byte = 0;
    dribbler = setInterval(() => {
      const next = header[byte++ % header.length];
      for (const c of dribbling) if (c.closedMs === null) c.socket.write(next);
    }, 500);
    const body = JSON.stringify({ party_id: books.partyId, items: [{ sku: books.sku, qty: 1, rate: 10 }] });
    const halves = await Promise.all(Array.from({ length: halfBodies }, () => open(server.url)));
    for (const c of halves) {
      c.socket.write(
        `POST /v1/invoices HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${books.key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, body.length / 2)}`,
      );
      sockets.push(c);
    }
    const readers = await Promise.all(Array.from({ length: unread }, () => open(server.url)));
    for (const c of readers) {
      c.socket.pause();
      c.socket.write("GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n".repeat(UNREAD_ANSWERS));
      sockets.push(c);
    }
    log(`${slowloris} slowloris, ${halfBodies} half bodies, ${unread} unread answers open`);
    await sleep(IDLE_TIMEOUT_MS + SLACK_MS);
    const attackUntil = Date.now();
    // The unread clients read at last, well past the idle timeout: what they get ends where the
    // server cut them.
    await sleep(UNREAD_READ_AFTER_MS - (Date.now() - attackFrom));
    for (const c of readers) c.socket.resume();
    await Promise.all(readers.map((c) => Promise.race([c.closed, sleep(10_000)])));
    const answers = await load.stop();
    clearInterval(dribbler);

    const loris = dribbling.map((c) => c.closedMs);
    const lorisOpen = loris.filter((ms) => ms === null).length;
    const lorisLate = loris.filter((ms) => ms !== null && ms > HEADERS_TIMEOUT_MS + SLACK_MS).length;
    const lorisEarly = loris.filter((ms) => ms !== null && ms < HEADERS_TIMEOUT_MS).length;
    const lorisNot408 = dribbling.filter((c) => !c.received.startsWith("HTTP/1.1 408 ")).length;
    if (lorisOpen + lorisLate + lorisEarly + lorisNot408 > 0)
      problems.push(
        `slowloris: ${lorisOpen} still open, ${lorisEarly} closed before ${HEADERS_TIMEOUT_MS} ms, ${lorisLate} after ${HEADERS_TIMEOUT_MS + SLACK_MS} ms, ${lorisNot408} without a 408`,
      );
    const halfMs = halves.map((c) => c.closedMs);
    const halfOff = halfMs.filter(
      (ms) => ms === null || ms < IDLE_TIMEOUT_MS || ms > IDLE_TIMEOUT_MS + SLACK_MS,
    ).length;
    if (halfOff > 0)
      problems.push(
        `half bodies: ${halfOff} not closed within ${SLACK_MS} ms past ${IDLE_TIMEOUT_MS} ms: ${halfMs.join(" ")}`,
      );
    const answered = readers.map((c) => c.received.split("HTTP/1.1 200 OK").length - 1);
    const notCut = answered.filter((n) => n >= UNREAD_ANSWERS).length;
    if (notCut > 0) problems.push(`unread answers: ${notCut} of ${unread} connections were never cut`);

    const baseline = latencies(answers, baselineFrom, attackFrom);
    const during = latencies(answers, attackFrom, attackUntil);
    const baselineP99 = percentile(baseline, 99);
    const attackP99 = percentile(during, 99);
    const bar = Math.max(LATENCY_FLOOR_MS, LATENCY_FACTOR * baselineP99);
    if (attackP99 === null || attackP99 > bar)
      problems.push(`creates' p99 beside the bad clients ${attackP99} ms, over the bar of ${bar} ms`);
    log(
      `creates alone: ${baseline.length}, p50 ${percentile(baseline, 50)} ms, p99 ${baselineP99} ms; ` +
        `beside the bad clients: ${during.length}, p50 ${percentile(during, 50)} ms, p99 ${attackP99} ms`,
    );
    log(
      `slowloris closed ${Math.min(...loris)}–${Math.max(...loris)} ms (408); half bodies ${Math.min(...halfMs)}–${Math.max(...halfMs)} ms; ` +
        `unread answers cut after ${Math.min(...answered)}–${Math.max(...answered)} of ${UNREAD_ANSWERS}`,
    );

    server.child.kill("SIGTERM");
    await server.exited;
    const result = await checkBooks(env, books, answers);
    const bad = badAnswers(answers);
    return {
      runs: 1,
      ...result,
      problems: [...problems, ...result.problems],
      statuses: tally(answers),
      bad: bad.length,
      notes:
        `${slowloris} slowloris cut ${(Math.min(...loris) / 1000).toFixed(1)}–${(Math.max(...loris) / 1000).toFixed(1)} s (408), ` +
        `${halfBodies} half bodies ${(Math.min(...halfMs) / 1000).toFixed(1)}–${(Math.max(...halfMs) / 1000).toFixed(1)} s, ` +
        `${unread} unread answers cut; creates' p99 ${baselineP99} ms alone, ${attackP99} ms beside them (bar ${bar} ms)`,
      ok: bad.length === 0 && problems.length === 0 && result.problems.length === 0,
    };
  } finally {
    clearInterval(dribbler);
    for (const c of sockets) c.socket.destroy();
    server.child.kill("SIGKILL");
    await pg.remove();
  }
}
