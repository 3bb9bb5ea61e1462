// biome-ignore-all lint/suspicious/noExplicitAny: pages render /v1 answers, which the router built from the contract's types and tests check against the spec.
import { html } from "hono/html";
import type { Route } from "./form.js";
import type { PageHandler } from "./index.js";
import { csrfField, type Message, page } from "./layout.js";
import { problemText } from "./v1.js";

/** Products → Import: upload a CSV or Excel file, follow it, fix flagged rows, download the errors. */
export function mountImportPages(route: Route): void {
  const imports: PageHandler = async (c, s) => {
    let message: Message | null = null;
    if (c.req.method === "POST") {
      const file = s.form.file;
      if (!(file instanceof File) || file.size === 0)
        message = { kind: "error", text: "Choose a CSV or Excel file." };
      else {
        const form = new FormData();
        form.set("file", file, file.name);
        const started = await s.v1("POST", "/v1/products/imports", form);
        if (started.status >= 400) message = { kind: "error", text: problemText(started) };
        else return c.redirect(`/app/products/import/${started.body.id}`, 303);
      }
    }
    return page(
      c,
      s.state,
      "Products → Import",
      html`<form method="post" action="/app/products/import" enctype="multipart/form-data" class="panel">
${csrfField(s.state)}
<label for="file">CSV or Excel (.xlsx) file of products</label>
<input id="file" name="file" type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required>
<p class="muted">Columns are matched by name: SKU, Item Name, HSN/SAC, GST %, Price, Unit, Opening Stock…</p>
<p><button class="primary" type="submit">Import</button></p>
</form>`,
      message,
    );
  };
  route("GET", "/app/products/import", imports);
  route("POST", "/app/products/import", imports);

  const importPage: PageHandler = async (c, s) => {
    const id = encodeURIComponent(c.req.param("id") ?? "");
    let message: Message | null = null;
    if (c.req.method === "POST") {
      const productId = typeof s.form.product_id === "string" ? s.form.product_id : "";
      const hsn = typeof s.form.hsn_code === "string" ? s.form.hsn_code.trim() : "";
      const fixed = await s.v1("PATCH", `/v1/products/${encodeURIComponent(productId)}`, { hsn_code: hsn });
      message =
        fixed.status === 200
          ? { kind: "notice", text: `HSN ${hsn} set on ${fixed.body.sku}.` }
          : { kind: "error", text: problemText(fixed) };
    }
    const answer = await s.v1("GET", `/v1/products/imports/${id}`);
    if (answer.status !== 200)
      return page(c, s.state, "Import", html``, { kind: "error", text: problemText(answer) });
    const imp = answer.body;
    const running = imp.status === "queued" || imp.status === "running";
    const rows = (imp.rows ?? []) as any[];
    const fixedIds = new Set<string>();
    for (const row of rows.filter((r) => r.outcome === "flagged" && r.product_id)) {
      const product = await s.v1("GET", `/v1/products/${encodeURIComponent(row.product_id)}`);
      if (product.status === 200 && product.body.hsn_code) fixedIds.add(row.product_id);
    }
    return page(
      c,
      s.state,
      `Import of ${imp.filename ?? imp.id}`,
      html`<section class="panel" ${running ? html`data-refresh-seconds="1"` : ""}>
<p>Status: <strong data-import-status>${imp.status}</strong> · ${imp.rows_done} of ${imp.rows_total ?? "?"} rows</p>
<progress max="${imp.rows_total ?? 1}" value="${imp.rows_done}" aria-label="Rows imported">${imp.rows_done}</progress>
<p>Created ${imp.counts.created} · updated ${imp.counts.updated} · flagged ${imp.counts.flagged} · rejected ${imp.counts.rejected}</p>
${imp.counts.flagged + imp.counts.rejected > 0 ? html`<p><a href="/app/products/import/${imp.id}/errors.csv" download>Download the flagged and rejected rows (CSV)</a></p>` : ""}
</section>
<table><caption>Rows</caption>
<thead><tr><th scope="col">Row</th><th scope="col">SKU</th><th scope="col">Outcome</th><th scope="col">Reason</th><th scope="col">Fix</th></tr></thead>
<tbody>${rows.map(
        (r) =>
          html`<tr data-row="${r.row}"><td>${r.row}</td><td>${r.sku ?? "—"}</td><td>${r.outcome}</td><td>${r.reason ?? ""}</td><td>${
            r.outcome === "flagged" && r.product_id
              ? fixedIds.has(r.product_id)
                ? "fixed"
                : html`<form class="inline" method="post" action="/app/products/import/${imp.id}">${csrfField(s.state)}<input type="hidden" name="product_id" value="${r.product_id}"><label class="sr-only" for="hsn-${r.row}">HSN for ${r.sku}</label><input id="hsn-${r.row}" name="hsn_code" size="10" inputmode="numeric" placeholder="HSN"> <button type="submit">Set HSN</button></form>`
              : ""
          }</td></tr>`,
      )}</tbody></table>`,
      message,
    );
  };
  route("GET", "/app/products/import/:id", importPage);
  route("POST", "/app/products/import/:id", importPage);

  route("GET", "/app/products/import/:id/errors.csv", async (c, s) => {
    const answer = await s.v1(
      "GET",
      `/v1/products/imports/${encodeURIComponent(c.req.param("id") ?? "")}/errors.csv`,
    );
    if (answer.status !== 200) return c.text(problemText(answer), answer.status as 400);
    return c.body(answer.text, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="import-${c.req.param("id")}-errors.csv"`,
    });
  });
}
