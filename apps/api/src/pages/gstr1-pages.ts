// biome-ignore-all lint/suspicious/noExplicitAny: pages render /v1 answers, which the router built from the contract's types and tests check against the spec.
import { html } from "hono/html";
import type { Route } from "./form.js";
import { money, page } from "./layout.js";
import { problemText } from "./v1.js";

/** GSTR-1: a period's summary, and the portal file to download. */
export function mountGstr1Pages(route: Route): void {
  route("GET", "/app/gstr1", async (c, s) => {
    const requested = new URL(c.req.url).searchParams.get("period");
    const now = new Date(Date.now() + 5.5 * 3_600_000);
    const period = requested && /^\d{4}-\d{2}$/.test(requested) ? requested : now.toISOString().slice(0, 7);
    const summary = await s.v1("GET", `/v1/gstr1/${period}?format=summary`);
    const form = html`<form method="get" action="/app/gstr1" class="panel"><label for="period">Month</label><input id="period" name="period" type="month" value="${period}"> <button type="submit">Show</button></form>`;
    if (summary.status !== 200)
      return page(c, s.state, "GSTR-1", form, { kind: "error", text: problemText(summary) });
    const sections = Object.entries(summary.body.sections ?? {}) as [string, any][];
    return page(
      c,
      s.state,
      `GSTR-1 for ${period}`,
      html`${form}
<table><caption>Sections</caption>
<thead><tr><th scope="col">Section</th><th scope="col" class="num">Documents</th><th scope="col" class="num">Taxable value</th><th scope="col" class="num">IGST</th><th scope="col" class="num">CGST</th><th scope="col" class="num">SGST</th><th scope="col" class="num">Cess</th></tr></thead>
<tbody>${sections.map(
        ([name, t]) =>
          html`<tr><th scope="row">${name}</th><td class="num">${t.count ?? "—"}</td><td class="num">${money(t.taxable_value)}</td><td class="num">${money(t.igst)}</td><td class="num">${money(t.cgst)}</td><td class="num">${money(t.sgst)}</td><td class="num">${money(t.cess)}</td></tr>`,
      )}</tbody></table>
${(summary.body.warnings ?? []).length > 0 ? html`<h2>Warnings</h2><ul>${summary.body.warnings.map((w: any) => html`<li>${w.message ?? w.code}</li>`)}</ul>` : ""}
<p><a href="/app/gstr1/${period}/portal.json" download="GSTR1_${period}.json">Download the portal file (JSON)</a></p>`,
    );
  });

  route("GET", "/app/gstr1/:period/portal.json", async (c, s) => {
    const answer = await s.v1("GET", `/v1/gstr1/${encodeURIComponent(c.req.param("period") ?? "")}`);
    if (answer.status !== 200) return c.text(problemText(answer), answer.status as 400);
    return c.body(answer.text, 200, {
      "Content-Type": "application/json",
      "Content-Disposition": `attachment; filename="GSTR1_${c.req.param("period")}.json"`,
    });
  });
}
