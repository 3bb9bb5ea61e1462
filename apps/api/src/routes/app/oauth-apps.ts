import type { AppHandlers } from "../../http/app-router.js";
import { hasScopes } from "../../services/accounts/principal.js";
import { signedOut } from "../../services/members/sessions.js";
import { listOAuthApps, registerOAuthApp } from "../../services/oauth/apps.js";
import { listAuthorizedApps, revokeAuthorizedApp } from "../../services/oauth/grants.js";

export const oauthAppHandlers = {
  async listOAuthApps(_input, ctx) {
    if (!ctx.found) throw signedOut();
    const data = await listOAuthApps(ctx.deps.db, ctx.found.session.accountId);
    return { status: 200, body: { object: "list", data } };
  },

  async createOAuthApp({ body }, ctx) {
    if (!ctx.found) throw signedOut();
    const by = { accountId: ctx.found.session.accountId, memberId: ctx.found.member.id };
    return { status: 201, body: await registerOAuthApp(ctx.deps.db, by, body) };
  },

  async listAuthorizedApps(_input, ctx) {
    if (!ctx.found) throw signedOut();
    const data = await listAuthorizedApps(ctx.deps.db, ctx.found.session.accountId, ctx.now);
    return { status: 200, body: { object: "list", data } };
  },

  async revokeAuthorizedApp({ path }, ctx) {
    if (!ctx.found || !ctx.principal) throw signedOut();
    const by = {
      accountId: ctx.found.session.accountId,
      memberId: ctx.found.member.id,
      anyMember: hasScopes(ctx.principal, ["members:write"]),
    };
    await revokeAuthorizedApp(ctx.deps.db, by, path.id ?? "", ctx.now);
    ctx.deps.keyCache.clear();
    return { status: 204 };
  },
} satisfies Partial<AppHandlers>;
