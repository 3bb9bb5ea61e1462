// A steady load of creates (invoices, then payments and credit notes against invoices answered 201),
// each under its own Idempotency-Key and carrying a token the books check finds it by.
import { randomUUID } from "node:crypto";

/**
 * REQUEST_TIMEOUT_MS: a client gives up on an answer after this long and counts the request as hung.
 * The server's own bound on a request in flight is what the suite measures against it.
 */
export const REQUEST_TIMEOUT_MS = Number(process.env.BAHI_FAULTS_REQUEST_TIMEOUT_MS || 15_000);
/** RETRY_WINDOW_MS: how long a retrying client keeps trying one create before it gives up on it. */
export const RETRY_WINDOW_MS = 90_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `clients` loops, each sending one create at a time. With `retry`, a create that got no answer, a
 * 5xx or a 409 (the first try still running) is sent again with the same key and body until it gets
 * another answer, as DESIGN.md asks of a client; without, it is recorded as it ended and the client
 * moves on.
 */
export function startLoad({ target, books, clients = 4, retry = false }) {
  const run = randomUUID().slice(0, 8);
  const answers = [];
  let running = true;
  const headers = { authorization: `Bearer ${books.key}`, "content-type": "application/json" };

  async function send(op, path, body) {
    const key = randomUUID();
    const started = Date.now();
    let tries = 0;
    for (;;) {
      tries += 1;
      let status;
      let json = null;
      let retryAfter = null;
      let error = null;
      try {
        const answer = await fetch(`${target.url}${path}`, {
          method: "POST",
          headers: { ...headers, "idempotency-key": key },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = answer.status;
        retryAfter = answer.headers.get("retry-after");
        json = await answer.json().catch(() => null);
      } catch (e) {
        status = e?.name === "TimeoutError" ? "hung" : "no answer";
        error = e?.cause?.code ?? e?.name;
      }
      const record = {
        at: started,
        op,
        key,
        token: body.notes ?? body.reference ?? body.invoice_id,
        status,
        tries,
        retryAfter,
        error,
      };
      if (status === 201) record.id = json?.id;
      if (status !== 201 && typeof status === "number") record.code = json?.code;
      const again =
        retry &&
        (typeof status !== "number" || status >= 500 || status === 409) &&
        Date.now() - started < RETRY_WINDOW_MS;
      if (!again) {
        record.ms = Date.now() - started;
        answers.push(record);
        return record;
      }
      // Each attempt's answer is kept too: a 500 or a hang on the way counts against the fault.
      answers.push({ ...record, attempt: true });
      await sleep(retryAfter ? Math.min(Number(retryAfter) * 1000, 2_000) : 200);
    }
  }

  async function client(index) {
    const invoiced = [];
    for (let seq = 0; running; seq++) {
      const token = `${run}-${index}-${seq}`;
      let answer;
      if (seq % 5 === 3 && invoiced.length > 0) {
        const invoiceId = invoiced.shift();
        answer = await send("credit_note", "/v1/credit_notes", {
          invoice_id: invoiceId,
          reason: "sales_return",
          items: [{ sku: books.sku, qty: 1 }],
        });
      } else if (seq % 3 === 1 && invoiced.length > 0) {
        answer = await send("payment", "/v1/payments", {
          party_id: books.partyId,
          amount: 1,
          mode: "cash",
          reference: token,
          allocations: [{ invoice_id: invoiced[invoiced.length - 1], amount: 1 }],
        });
      } else {
        answer = await send("invoice", "/v1/invoices", {
          party_id: books.partyId,
          items: [{ sku: books.sku, qty: 1 + (seq % 3), rate: 10 }],
          notes: token,
        });
        if (answer.status === 201) invoiced.push(answer.id);
      }
      // A server that is down answers at once: no spinning on refused connections.
      if (typeof answer.status !== "number") await sleep(250);
    }
  }

  const loops = Array.from({ length: clients }, (_, i) => client(i));
  return {
    answers,
    /** Answers so far that were 201. */
    created: () => answers.filter((a) => a.status === 201).length,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** Waits until the load has had `count` more creates answered 201, or `ms` passed. */
export async function createsAnswered(load, count, ms = 60_000) {
  const goal = load.created() + count;
  const started = Date.now();
  while (load.created() < goal && Date.now() - started < ms) await sleep(20);
  return load.created() >= goal;
}
