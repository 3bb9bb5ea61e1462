import type { AppContext, AppHandlers } from "../../http/app-router.js";
import { actorOf } from "../../services/audit/audit-log.js";
import {
  createPersonalAccessToken,
  listPersonalAccessTokens,
  revokePersonalAccessToken,
  type TokenOwner,
} from "../../services/members/personal-access-tokens.js";
import { signedOut } from "../../services/members/sessions.js";

function owner(ctx: AppContext): TokenOwner {
  if (!ctx.found || !ctx.principal) throw signedOut();
  return {
    accountId: ctx.found.session.accountId,
    livemode: ctx.found.session.livemode,
    memberId: ctx.found.member.id,
    role: ctx.found.role,
    actor: actorOf(ctx.principal),
    address: ctx.address,
  };
}

export const personalAccessTokenHandlers = {
  async listPersonalAccessTokens(_input, ctx) {
    const data = await listPersonalAccessTokens(ctx.deps.db, owner(ctx));
    return { status: 200, body: { object: "list", data } };
  },

  async createPersonalAccessToken({ body }, ctx) {
    const by = owner(ctx);
    const token = await ctx.deps.db.transaction((tx) =>
      createPersonalAccessToken(tx, by, body, ctx.deps.knownScopes, ctx.now),
    );
    return { status: 201, body: token };
  },

  async revokePersonalAccessToken({ path }, ctx) {
    const by = owner(ctx);
    await ctx.deps.db.transaction((tx) => revokePersonalAccessToken(tx, by, path.id ?? "", ctx.now));
    ctx.deps.keyCache.clear();
    return { status: 204 };
  },
} satisfies Partial<AppHandlers>;
