// biome-ignore-all lint/suspicious/noExplicitAny: pages render /v1 answers, which the router built from the contract's types and tests check against the spec.
import { html } from "hono/html";
import { memberHandlers } from "../routes/app/members.js";
import { ApiError } from "../values/problem.js";
import { type Route, text } from "./form.js";
import type { PageHandler } from "./index.js";
import { csrfField, day, type Message, page, when } from "./layout.js";

const ROLES = ["owner", "admin", "developer", "accountant", "viewer"] as const;

/** Members: the list, invitations, roles. */
export function mountMemberPages(route: Route): void {
  const none = { path: {}, query: {} };
  const members: PageHandler = async (c, s) => {
    let message: Message | null = null;
    if (c.req.method === "POST") {
      const action = text(s.form, "action");
      try {
        if (action === "invite") {
          await memberHandlers.createInvitation(
            {
              ...none,
              body: { email: text(s.form, "email"), role: text(s.form, "role") as (typeof ROLES)[number] },
            },
            s.ctx,
          );
          message = { kind: "notice", text: `Invitation sent to ${text(s.form, "email")}.` };
        } else if (action === "role") {
          await memberHandlers.updateMember(
            {
              ...none,
              path: { id: text(s.form, "id") },
              body: { role: text(s.form, "role") as (typeof ROLES)[number] },
            },
            s.ctx,
          );
          message = { kind: "notice", text: "Role changed." };
        } else {
          await memberHandlers.removeMember(
            { ...none, path: { id: text(s.form, "id") }, body: undefined },
            s.ctx,
          );
          message = { kind: "notice", text: "Member removed." };
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        message = { kind: "error", text: error.detail };
      }
    }
    const list = (await memberHandlers.listMembers({ ...none, body: undefined }, s.ctx)).body as any;
    const manage = s.principal.scopes.has("*") || s.principal.scopes.has("members:write");
    const roleSelect = (id: string, current: string) =>
      html`<select id="${id}" name="role">${ROLES.map((r) => html`<option value="${r}"${r === current ? " selected" : ""}>${r}</option>`)}</select>`;
    return page(
      c,
      s.state,
      "Members",
      html`<table><caption class="sr-only">Members</caption>
<thead><tr><th scope="col">Email</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Two-factor</th><th scope="col">Joined</th>${manage ? html`<th scope="col">Actions</th>` : ""}</tr></thead>
<tbody>${list.data.map(
        (
          m: any,
        ) => html`<tr><td>${m.email}</td><td>${m.name ?? "—"}</td><td>${m.role}</td><td>${m.totp_enabled ? "on" : "off"}</td><td>${day(m.created_at.slice(0, 10))}</td>
${
  manage
    ? html`<td><form class="inline" method="post" action="/app/members">${csrfField(s.state)}<input type="hidden" name="action" value="role"><input type="hidden" name="id" value="${m.id}"><label class="sr-only" for="role-${m.id}">Role of ${m.email}</label>${roleSelect(`role-${m.id}`, m.role)} <button type="submit">Change</button></form>
<form class="inline" method="post" action="/app/members" data-confirm="Remove this member?">${csrfField(s.state)}<input type="hidden" name="action" value="remove"><input type="hidden" name="id" value="${m.id}"><button class="danger" type="submit">Remove</button></form></td>`
    : ""
}</tr>`,
      )}</tbody></table>
${list.invitations.length > 0 ? html`<h2>Invitations waiting</h2><ul>${list.invitations.map((i: any) => html`<li>${i.email} as ${i.role}, until ${when(i.expires_at)}</li>`)}</ul>` : ""}
${
  manage
    ? html`<h2>Invite someone</h2><form method="post" action="/app/members" class="panel">${csrfField(s.state)}<input type="hidden" name="action" value="invite">
<label for="invite-email">Email</label><input id="invite-email" name="email" type="email" required size="40">
<label for="invite-role">Role</label>${roleSelect("invite-role", "viewer")}
<p><button class="primary" type="submit">Send invitation</button></p></form>`
    : ""
}`,
      message,
    );
  };
  route("GET", "/app/members", members);
  route("POST", "/app/members", members);
}
