import type { AppHandlers } from "../../http/app-router.js";
import { signedOut } from "../../services/members/sessions.js";
import { decideDeviceAuthorization, readDeviceAuthorization } from "../../services/oauth/device-answers.js";

export const deviceAuthorizationHandlers = {
  async readDeviceAuthorization({ query }, ctx) {
    if (!ctx.found) throw signedOut();
    const body = await readDeviceAuthorization(ctx.deps.db, ctx.found.member.id, query.user_code, ctx.now);
    return { status: 200, body };
  },

  async answerDeviceAuthorization({ body }, ctx) {
    if (!ctx.found) throw signedOut();
    const { db, knownScopes } = ctx.deps;
    return {
      status: 200,
      body: await decideDeviceAuthorization(db, knownScopes, ctx.found.member.id, body, ctx.now),
    };
  },
} satisfies Partial<AppHandlers>;
