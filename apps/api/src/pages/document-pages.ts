// biome-ignore-all lint/suspicious/noExplicitAny: pages render /v1 answers, which the router built from the contract's types and tests check against the spec.
import { html } from "hono/html";
import QRCode from "qrcode";
import type { PageHandler } from "./index.js";
import { csrfField, day, type Message, money, page, when } from "./layout.js";
import { problemText } from "./v1.js";

type Route = (method: "GET" | "POST", path: string, handler: PageHandler) => void;

/** The copies of a printed document (Rule 48: original for the recipient, and so on). */
const COPIES = [
  ["original", "Original for recipient"],
  ["duplicate", "Duplicate for transporter"],
  ["triplicate", "Triplicate for supplier"],
] as const;

/** The query parameters of a list page that its /v1 list takes, as they came. */
function filtersOf(url: string, names: readonly string[]): URLSearchParams {
  const from = new URL(url).searchParams;
  const out = new URLSearchParams();
  for (const name of names) {
    const value = from.get(name);
    if (value) out.set(name, value);
  }
  return out;
}

const filterForm = (
  action: string,
  fields: readonly [string, string, string][],
  values: URLSearchParams,
) => html`
<form method="get" action="${action}" class="panel">
${fields.map(([name, label, type]) => html`<label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" type="${type}" value="${values.get(name) ?? ""}">`)}
<p><button type="submit">Filter</button></p>
</form>`;

const nextLink = (path: string, filters: URLSearchParams, body: any) => {
  if (!body.has_more) return "";
  const next = new URLSearchParams(filters);
  next.set("starting_after", body.next_cursor);
  return html`<p><a href="${path}?${next.toString()}">Next page</a></p>`;
};

/**
 * A note's IRN cell: the IRN's start, or while a live IRP has not given one, the registration's state
 * (and for a failed one, the IRP's reason, to fix before retrying).
 */
function noteIrn(n: any) {
  if (n.irn) return html`<code>${n.irn.slice(0, 12)}…</code>`;
  if (n.einvoice_status === "pending") return html`<span data-einvoice-status="pending">pending</span>`;
  if (n.einvoice_status === "failed") {
    const reason = n.einvoice_error ? `: ${n.einvoice_error.code} ${n.einvoice_error.message}` : "";
    return html`<span data-einvoice-status="failed">failed${reason}</span>`;
  }
  return "—";
}

/** A party's name and GSTIN for a document's page; its id when the role may not read parties. */
async function partyName(s: Parameters<PageHandler>[1], id: string) {
  const party = await s.v1("GET", `/v1/parties/${encodeURIComponent(id)}`);
  if (party.status !== 200) return html`<code>${id}</code>`;
  return html`${party.body.name}${party.body.gstin ? html` (GSTIN ${party.body.gstin})` : ""}`;
}

/** Invoices (list, document page, cancel), credit notes and payments (lists, pages). */
export function mountDocumentPages(route: Route): void {
  route("GET", "/app/invoices", async (c, s) => {
    const filters = filtersOf(c.req.url, [
      "status",
      "party_id",
      "date_from",
      "date_to",
      "number",
      "starting_after",
    ]);
    const list = await s.v1("GET", `/v1/invoices?${filters.toString()}`);
    if (list.status !== 200)
      return page(c, s.state, "Invoices", filterForm("/app/invoices", INVOICE_FILTERS, filters), {
        kind: "error",
        text: problemText(list),
      });
    return page(
      c,
      s.state,
      "Invoices",
      html`${filterForm("/app/invoices", INVOICE_FILTERS, filters)}
<table><caption class="sr-only">Invoices</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Date</th><th scope="col">Buyer</th><th scope="col">Status</th><th scope="col" class="num">Total</th><th scope="col" class="num">Balance due</th></tr></thead>
<tbody>${list.body.data.map(
        (i: any) =>
          html`<tr><td><a href="/app/invoices/${i.id}">${i.number}</a></td><td>${day(i.date)}</td><td>${i.party?.name ?? i.party_id}</td><td>${i.status}</td><td class="num">${money(i.total)}</td><td class="num">${money(i.balance_due)}</td></tr>`,
      )}</tbody></table>
${nextLink("/app/invoices", filters, list.body)}`,
    );
  });

  const invoice: PageHandler = async (c, s) => {
    const id = encodeURIComponent(c.req.param("id") ?? "");
    let message: Message | null = null;
    if (c.req.method === "POST") {
      const reason = typeof s.form.reason === "string" ? s.form.reason : "4";
      const remark =
        typeof s.form.remark === "string" && s.form.remark.trim() !== ""
          ? s.form.remark.trim()
          : "Cancelled in Bahi";
      const cancelled = await s.v1("POST", `/v1/invoices/${id}/cancel`, { reason, remark });
      message =
        cancelled.status === 200
          ? { kind: "notice", text: "The invoice is cancelled." }
          : { kind: "error", text: problemText(cancelled) };
    }
    const answer = await s.v1("GET", `/v1/invoices/${id}`);
    if (answer.status !== 200)
      return page(c, s.state, "Invoice", html`<p><a href="/app/invoices">All invoices</a></p>`, {
        kind: "error",
        text: problemText(answer),
      });
    const i = answer.body;
    return page(
      c,
      s.state,
      `Invoice ${i.number}`,
      html`<section class="panel">
<p>Date ${day(i.date)} · ${i.status} · ${i.supply_type === "inter_state" ? "inter-state (IGST)" : "intra-state (CGST + SGST)"} · place of supply ${i.place_of_supply}</p>
<p>Buyer: ${i.party?.name ?? i.party_id}${i.party?.gstin ? html` (GSTIN ${i.party.gstin})` : ""}</p>
<p>IRN: <code class="secret" data-irn>${i.irn ?? "none (unregistered buyer)"}</code></p>
${i.ack_no ? html`<p>Acknowledgement ${i.ack_no}, ${when(i.ack_date)}</p>` : ""}
<p>Print (PDF): ${COPIES.map(([copy, label], n) => html`${n > 0 ? " · " : ""}<a href="/app/invoices/${i.id}/pdf?copy=${copy}">${label}</a>`)}</p>
${i.signed_qr_code ? html`<p><img src="/app/invoices/${i.id}/qr.svg" alt="The e-invoice QR code of ${i.number}" width="200" height="200"></p>` : ""}
</section>
<table><caption>Lines</caption>
<thead><tr><th scope="col">Item</th><th scope="col">HSN</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Rate</th><th scope="col" class="num">Taxable</th><th scope="col" class="num">GST %</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>${i.items.map(
        (l: any) =>
          html`<tr><td>${l.description ?? l.sku}</td><td>${l.hsn_code ?? "—"}</td><td class="num">${l.qty} ${l.unit}</td><td class="num">${money(l.rate)}</td><td class="num">${money(l.taxable_value)}</td><td class="num">${l.gst_rate}</td><td class="num">${money(l.total)}</td></tr>`,
      )}</tbody></table>
<table><caption>Totals</caption><tbody>
<tr><th scope="row">Taxable value</th><td class="num">${money(i.taxable_value)}</td></tr>
<tr><th scope="row">CGST</th><td class="num">${money(i.cgst)}</td></tr>
<tr><th scope="row">SGST</th><td class="num">${money(i.sgst)}</td></tr>
<tr><th scope="row">IGST</th><td class="num">${money(i.igst)}</td></tr>
<tr><th scope="row">Cess</th><td class="num">${money(i.cess)}</td></tr>
<tr><th scope="row">Round-off</th><td class="num">${money(i.round_off)}</td></tr>
<tr><th scope="row">Total</th><td class="num" data-total>${money(i.total)}</td></tr>
<tr><th scope="row">Balance due</th><td class="num">${money(i.balance_due)}</td></tr>
</tbody></table>
${
  i.status === "cancelled"
    ? ""
    : html`<form method="post" action="/app/invoices/${i.id}" class="panel" data-confirm="Cancel this invoice? Its IRN is cancelled too.">
${csrfField(s.state)}
<label for="reason">Reason for cancelling</label>
<select id="reason" name="reason"><option value="1">Duplicate</option><option value="2">Data entry mistake</option><option value="3">Order cancelled</option><option value="4">Other</option></select>
<label for="remark">Remark (up to 100 characters)</label>
<input id="remark" name="remark" maxlength="100" size="50" required>
<p><button class="danger" type="submit">Cancel invoice</button> <span class="muted">Allowed within 24 hours of the IRN, before any payment or note.</span></p>
</form>`
}`,
      message,
    );
  };
  route("GET", "/app/invoices/:id", invoice);
  route("POST", "/app/invoices/:id", invoice);

  // The document's PDF, through the /v1 operation with the member's principal (its scopes and 404s).
  for (const [pagePath, v1Path] of [
    ["/app/invoices/:id/pdf", "/v1/invoices"],
    ["/app/credit-notes/:id/pdf", "/v1/credit_notes"],
  ] as const) {
    route("GET", pagePath, async (c, s) => {
      const copy = new URL(c.req.url).searchParams.get("copy") ?? "original";
      const answer = await s.v1(
        "GET",
        `${v1Path}/${encodeURIComponent(c.req.param("id") ?? "")}/pdf?copy=${encodeURIComponent(copy)}`,
      );
      if (answer.status !== 200) return c.notFound();
      return c.body(answer.bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": answer.headers.get("content-disposition") ?? "inline",
      });
    });
  }

  for (const [pagePath, v1Path] of [
    ["/app/invoices/:id/qr.svg", "/v1/invoices"],
    ["/app/credit-notes/:id/qr.svg", "/v1/credit_notes"],
  ] as const) {
    route("GET", pagePath, async (c, s) => {
      const answer = await s.v1("GET", `${v1Path}/${encodeURIComponent(c.req.param("id") ?? "")}`);
      if (answer.status !== 200 || !answer.body.signed_qr_code) return c.notFound();
      const svg = await QRCode.toString(answer.body.signed_qr_code, {
        type: "svg",
        errorCorrectionLevel: "M",
      });
      return c.body(svg, 200, { "Content-Type": "image/svg+xml" });
    });
  }

  route("GET", "/app/credit-notes", async (c, s) => {
    const filters = filtersOf(c.req.url, [
      "invoice_id",
      "party_id",
      "date_from",
      "date_to",
      "starting_after",
    ]);
    const list = await s.v1("GET", `/v1/credit_notes?${filters.toString()}`);
    if (list.status !== 200)
      return page(c, s.state, "Credit notes", filterForm("/app/credit-notes", NOTE_FILTERS, filters), {
        kind: "error",
        text: problemText(list),
      });
    return page(
      c,
      s.state,
      "Credit notes",
      html`${filterForm("/app/credit-notes", NOTE_FILTERS, filters)}
<table><caption class="sr-only">Credit notes</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Date</th><th scope="col">Invoice</th><th scope="col">Reason</th><th scope="col">IRN</th><th scope="col" class="num">Total</th><th scope="col">Print</th></tr></thead>
<tbody>${list.body.data.map(
        (n: any) =>
          html`<tr><td><a href="/app/credit-notes/${n.id}">${n.number}</a></td><td>${day(n.date)}</td><td><a href="/app/invoices/${n.invoice_id}">${n.invoice_id}</a></td><td>${n.reason}</td><td>${noteIrn(n)}</td><td class="num">${money(n.total)}</td><td><a href="/app/credit-notes/${n.id}/pdf">PDF<span class="sr-only"> of ${n.number}</span></a></td></tr>`,
      )}</tbody></table>
${nextLink("/app/credit-notes", filters, list.body)}`,
    );
  });

  route("GET", "/app/payments", async (c, s) => {
    const filters = filtersOf(c.req.url, ["party_id", "date_from", "date_to", "starting_after"]);
    const list = await s.v1("GET", `/v1/payments?${filters.toString()}`);
    if (list.status !== 200)
      return page(c, s.state, "Payments", filterForm("/app/payments", PAYMENT_FILTERS, filters), {
        kind: "error",
        text: problemText(list),
      });
    return page(
      c,
      s.state,
      "Payments",
      html`${filterForm("/app/payments", PAYMENT_FILTERS, filters)}
<table><caption class="sr-only">Payments</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Party</th><th scope="col">Mode</th><th scope="col">Reference</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Unallocated</th></tr></thead>
<tbody>${list.body.data.map(
        (p: any) =>
          html`<tr><td><a href="/app/payments/${p.id}">${day(p.date)}<span class="sr-only">, payment ${p.id}</span></a></td><td>${p.party_id}</td><td>${p.mode}</td><td>${p.reference ?? "—"}</td><td class="num">${money(p.amount)}</td><td class="num">${money(p.unallocated_amount)}</td></tr>`,
      )}</tbody></table>
${nextLink("/app/payments", filters, list.body)}`,
    );
  });

  route("GET", "/app/credit-notes/:id", async (c, s) => {
    const answer = await s.v1("GET", `/v1/credit_notes/${encodeURIComponent(c.req.param("id") ?? "")}`);
    if (answer.status !== 200)
      return page(c, s.state, "Credit note", html`<p><a href="/app/credit-notes">All credit notes</a></p>`, {
        kind: "error",
        text: problemText(answer),
      });
    const n = answer.body;
    const party = await partyName(s, n.party_id);
    return page(
      c,
      s.state,
      `Credit note ${n.number}`,
      html`<section class="panel">
<p>Date ${day(n.date)} · reason ${n.reason} · ${n.supply_type === "inter_state" ? "inter-state (IGST)" : "intra-state (CGST + SGST)"} · place of supply ${n.place_of_supply}${n.restock ? " · goods restocked" : ""}</p>
<p>Against invoice <a href="/app/invoices/${n.invoice_id}">${n.invoice_id}</a> · party ${party}</p>
<p>E-invoice: <strong data-einvoice-status>${n.einvoice_status}</strong>${n.einvoice_error ? html` (${n.einvoice_error.code}: ${n.einvoice_error.message})` : ""}</p>
<p>IRN: <code class="secret" data-irn>${n.irn ?? "none"}</code></p>
${n.ack_no ? html`<p>Acknowledgement ${n.ack_no}, ${when(n.ack_date)}</p>` : ""}
<p>Print (PDF): ${COPIES.map(([copy, label], i) => html`${i > 0 ? " · " : ""}<a href="/app/credit-notes/${n.id}/pdf?copy=${copy}">${label}</a>`)}</p>
${n.signed_qr_code ? html`<p><img src="/app/credit-notes/${n.id}/qr.svg" alt="The e-invoice QR code of ${n.number}" width="200" height="200"></p>` : ""}
</section>
<table><caption>Lines</caption>
<thead><tr><th scope="col">Item</th><th scope="col">HSN</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Rate</th><th scope="col" class="num">Taxable</th><th scope="col" class="num">GST %</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>${n.items.map(
        (l: any) =>
          html`<tr><td>${l.description ?? l.sku ?? "—"}</td><td>${l.hsn_code ?? "—"}</td><td class="num">${l.qty ?? "—"} ${l.unit ?? ""}</td><td class="num">${l.rate === null || l.rate === undefined ? "—" : money(l.rate)}</td><td class="num">${money(l.taxable_value)}</td><td class="num">${l.gst_rate}</td><td class="num">${money(l.total)}</td></tr>`,
      )}</tbody></table>
<table><caption>Totals</caption><tbody>
<tr><th scope="row">Taxable value</th><td class="num">${money(n.taxable_value)}</td></tr>
<tr><th scope="row">CGST</th><td class="num">${money(n.cgst)}</td></tr>
<tr><th scope="row">SGST</th><td class="num">${money(n.sgst)}</td></tr>
<tr><th scope="row">IGST</th><td class="num">${money(n.igst)}</td></tr>
<tr><th scope="row">Cess</th><td class="num">${money(n.cess)}</td></tr>
<tr><th scope="row">Round-off</th><td class="num">${money(n.round_off)}</td></tr>
<tr><th scope="row">Total</th><td class="num" data-total>${money(n.total)}</td></tr>
<tr><th scope="row">Credited to the party</th><td class="num">${money(n.credited_to_party)}</td></tr>
<tr><th scope="row">Refund due</th><td class="num">${money(n.refund_due)}</td></tr>
</tbody></table>
<p><a href="/app/credit-notes">All credit notes</a></p>`,
    );
  });

  route("GET", "/app/payments/:id", async (c, s) => {
    const answer = await s.v1("GET", `/v1/payments/${encodeURIComponent(c.req.param("id") ?? "")}`);
    if (answer.status !== 200)
      return page(c, s.state, "Payment", html`<p><a href="/app/payments">All payments</a></p>`, {
        kind: "error",
        text: problemText(answer),
      });
    const p = answer.body;
    const party = await partyName(s, p.party_id);
    return page(
      c,
      s.state,
      `Payment of ${money(p.amount)}`,
      html`<section class="panel">
<p>Received ${day(p.date)} from ${party} · ${p.mode}${p.reference ? html` · reference ${p.reference}` : ""}</p>
<p>Amount <strong data-amount>${money(p.amount)}</strong> · unallocated ${money(p.unallocated_amount)} · <code>${p.id}</code></p>
</section>
<table><caption>Allocations</caption>
<thead><tr><th scope="col">Invoice</th><th scope="col">Allocated</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${p.allocations.map(
        (a: any) =>
          html`<tr><td><a href="/app/invoices/${a.invoice_id}">${a.invoice_id}</a></td><td>${when(a.created_at)}</td><td class="num">${money(a.amount)}</td></tr>`,
      )}</tbody></table>
<p><a href="/app/payments">All payments</a></p>`,
    );
  });
}

const INVOICE_FILTERS: readonly [string, string, string][] = [
  ["number", "Number", "text"],
  ["status", "Status (issued, partially_paid, paid, cancelled)", "text"],
  ["party_id", "Party id", "text"],
  ["date_from", "From", "date"],
  ["date_to", "To", "date"],
];
const NOTE_FILTERS: readonly [string, string, string][] = [
  ["invoice_id", "Invoice id", "text"],
  ["party_id", "Party id", "text"],
  ["date_from", "From", "date"],
  ["date_to", "To", "date"],
];
const PAYMENT_FILTERS: readonly [string, string, string][] = [
  ["party_id", "Party id", "text"],
  ["date_from", "From", "date"],
  ["date_to", "To", "date"],
];
