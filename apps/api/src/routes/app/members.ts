import type { AppContext, AppHandlers } from "../../http/app-router.js";
import { actorOf, listAuditLog } from "../../services/audit/audit-log.js";
import {
  changeRole,
  INVITATION_LIFETIME_DAYS,
  invite,
  listMembers,
  removeMember,
} from "../../services/members/members.js";
import { signedOut } from "../../services/members/sessions.js";
import { pageQuery } from "../../services/shared/pagination.js";

/** Who acts, in which account, with which role: from the session. */
function actingMember(ctx: AppContext) {
  if (!ctx.found || !ctx.principal) throw signedOut();
  return {
    accountId: ctx.found.session.accountId,
    role: ctx.found.role,
    actor: actorOf(ctx.principal),
    address: ctx.address,
  };
}

export const memberHandlers = {
  async listMembers(_input, ctx) {
    const by = actingMember(ctx);
    return { status: 200, body: await listMembers(ctx.deps.db, by.accountId, ctx.now) };
  },

  async updateMember({ path, body }, ctx) {
    const by = actingMember(ctx);
    const member = await ctx.deps.db.transaction((tx) => changeRole(tx, by, path.id ?? "", body.role));
    // The member's personal access tokens carry the role's scopes: /v1 reads them again.
    ctx.deps.keyCache.clear();
    return { status: 200, body: member };
  },

  async removeMember({ path }, ctx) {
    const by = actingMember(ctx);
    await ctx.deps.db.transaction((tx) => removeMember(tx, by, path.id ?? "", ctx.now));
    ctx.deps.keyCache.clear();
    return { status: 204 };
  },

  async createInvitation({ body }, ctx) {
    const by = actingMember(ctx);
    const { invitation, token } = await ctx.deps.db.transaction((tx) => invite(tx, by, body, ctx.now));
    await ctx.deps.mailer.send({
      to: invitation.email,
      subject: "You are invited to Bahi",
      text: `You are invited to join a business on Bahi as ${invitation.role}. Accept within ${INVITATION_LIFETIME_DAYS} days:\n\n${ctx.origin}/app/accept-invitation#${token}\n`,
    });
    return { status: 201, body: invitation };
  },

  async listAuditLog({ query }, ctx) {
    const by = actingMember(ctx);
    return { status: 200, body: await listAuditLog(ctx.deps.db, by.accountId, pageQuery(query)) };
  },
} satisfies Partial<AppHandlers>;
