import type { AppHandlers } from "../../http/app-router.js";
import { passwordMatches } from "../../secrets/passwords.js";
import { recordAudit } from "../../services/audit/audit-log.js";
import { acceptInvitation, issueLink, redeemLink, resetPassword } from "../../services/members/members.js";
import {
  endSession,
  endSessionsOf,
  findSession,
  type MemberSession,
  memberById,
  signedOut,
  startSession,
  switchSession,
  toSessionBody,
} from "../../services/members/sessions.js";
import {
  accountsOf,
  checkPassword,
  checkThrottle,
  findMemberByEmail,
  normalEmail,
  recordFailure,
} from "../../services/members/sign-in.js";
import { confirmTotp, disableTotp, secondFactorMatches, startTotp } from "../../services/members/totp.js";
import { ApiError } from "../../values/problem.js";

type Ctx = Parameters<AppHandlers["signIn"]>[1];

/** Starts a session for a member who proved who they are, sets its cookie and answers it. */
async function started(ctx: Ctx, memberId: string, opts: { pending: boolean; accountId?: string | null }) {
  const { db } = ctx.deps;
  const { token, session } = await db.transaction(async (tx) => {
    const result = await startSession(tx, {
      memberId,
      accountId: opts.accountId ?? null,
      secondFactorPending: opts.pending,
      address: ctx.address,
      replacing: ctx.token ?? null,
      now: ctx.now,
    });
    if (!opts.pending) {
      await recordAudit(tx, {
        accountId: result.session.accountId,
        actor: { type: "member", id: memberId },
        action: "member.signed_in",
        targetId: memberId,
        address: ctx.address,
      });
    }
    return result;
  });
  const member = await memberById(db, memberId);
  ctx.cookie(token);
  return { status: 200, body: await toSessionBody(db, session, member, token) };
}

function signedIn(ctx: Ctx): MemberSession {
  if (!ctx.found || !ctx.token) throw signedOut();
  return ctx.found;
}

export const sessionHandlers = {
  async signIn({ body }, ctx) {
    const member = await checkPassword(ctx.deps.db, body.email, body.password, ctx.address, ctx.now);
    return started(ctx, member.id, { pending: member.totpSecretSealed !== null });
  },

  async completeSignIn({ body }, ctx) {
    const found = signedIn(ctx);
    const { db, box } = ctx.deps;
    const email = found.member.email;
    await checkThrottle(db, email, ctx.address, ctx.now);
    if (!(await secondFactorMatches(db, box, found.member, body, ctx.now))) {
      await recordFailure(db, email, ctx.address, found.member, ctx.now);
      throw new ApiError(401, "invalid_code", "The code is not right.", { title: "Sign-in failed" });
    }
    return started(ctx, found.member.id, { pending: false, accountId: found.session.accountId });
  },

  async readSession(_input, ctx) {
    const found = signedIn(ctx);
    return {
      status: 200,
      body: await toSessionBody(ctx.deps.db, found.session, found.member, ctx.token ?? ""),
    };
  },

  async updateSession({ body }, ctx) {
    const found = signedIn(ctx);
    await switchSession(ctx.deps.db, found, body);
    const again = await findSession(ctx.deps.db, ctx.token ?? "", ctx.now);
    if (!again) throw signedOut();
    return {
      status: 200,
      body: await toSessionBody(ctx.deps.db, again.session, again.member, ctx.token ?? ""),
    };
  },

  async signOut(_input, ctx) {
    const found = signedIn(ctx);
    await endSession(ctx.deps.db, found.session.id, ctx.now);
    ctx.cookie(null);
    return { status: 204 };
  },

  async signOutEverywhere(_input, ctx) {
    const found = signedIn(ctx);
    await ctx.deps.db.transaction(async (tx) => {
      await endSessionsOf(tx, found.member.id, ctx.now);
      await recordAudit(tx, {
        accountId: found.session.accountId,
        actor: { type: "member", id: found.member.id },
        action: "member.signed_out_everywhere",
        targetId: found.member.id,
        address: ctx.address,
      });
    });
    ctx.cookie(null);
    return { status: 204 };
  },

  async startTotp(_input, ctx) {
    const found = signedIn(ctx);
    return { status: 200, body: await startTotp(ctx.deps.db, ctx.deps.box, found.member) };
  },

  async confirmTotp({ body }, ctx) {
    const found = signedIn(ctx);
    const codes = await ctx.deps.db.transaction(async (tx) => {
      const result = await confirmTotp(tx, ctx.deps.box, found.member, body.code, ctx.now);
      await recordAudit(tx, {
        accountId: found.session.accountId,
        actor: { type: "member", id: found.member.id },
        action: "member.totp_enabled",
        targetId: found.member.id,
        address: ctx.address,
      });
      return result;
    });
    return { status: 200, body: codes };
  },

  async disableTotp({ body }, ctx) {
    const found = signedIn(ctx);
    await ctx.deps.db.transaction(async (tx) => {
      await disableTotp(tx, ctx.deps.box, found.member, body.code, ctx.now);
      await recordAudit(tx, {
        accountId: found.session.accountId,
        actor: { type: "member", id: found.member.id },
        action: "member.totp_disabled",
        targetId: found.member.id,
        address: ctx.address,
      });
    });
    return { status: 204 };
  },

  async acceptInvitation({ body }, ctx) {
    const { db } = ctx.deps;
    const joined = await db.transaction((tx) =>
      acceptInvitation(tx, body, ctx.address, ctx.now, (member, password) =>
        passwordMatches(member.passwordHash, password),
      ),
    );
    return started(ctx, joined.member.id, {
      pending: joined.member.totpSecretSealed !== null,
      accountId: joined.accountId,
    });
  },

  async requestPasswordReset({ body }, ctx) {
    const { db, mailer } = ctx.deps;
    const email = normalEmail(body.email);
    // Throttled like sign-ins, every request counted, so the endpoint cannot flood a mailbox; under a
    // key of its own, so that asking for resets never locks the member out of signing in.
    await checkThrottle(db, `reset:${email}`, ctx.address, ctx.now);
    await recordFailure(db, `reset:${email}`, ctx.address, null, ctx.now);
    const member = await findMemberByEmail(db, email);
    if (member && (await accountsOf(db, member.id)).length > 0) {
      const token = await issueLink(db, member.id, "password_reset", ctx.now);
      await mailer.send({
        to: member.email,
        subject: "Reset your Bahi password",
        text: `Set a new password for ${member.email} within an hour:\n\n${ctx.origin}/app/reset-password#${token}\n\nIf you did not ask for this, ignore this email.`,
      });
    }
    return { status: 202 };
  },

  async completePasswordReset({ body }, ctx) {
    await ctx.deps.db.transaction((tx) => resetPassword(tx, body.token, body.password, ctx.address, ctx.now));
    return { status: 204 };
  },

  async redeemSignInLink({ body }, ctx) {
    const member = await redeemLink(ctx.deps.db, body.token, "sign_in", ctx.now);
    return started(ctx, member.id, { pending: member.totpSecretSealed !== null });
  },
} satisfies Partial<AppHandlers>;
