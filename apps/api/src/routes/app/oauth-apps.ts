import type { AppHandlers } from "../../http/app-router.js";
import { signedOut } from "../../services/members/sessions.js";
import { listOAuthApps, registerOAuthApp } from "../../services/oauth/apps.js";

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
} satisfies Partial<AppHandlers>;
