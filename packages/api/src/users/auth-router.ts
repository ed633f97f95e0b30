import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { loginSchema, registerSchema, userSchema } from "@crawlguard/validators";
import type { Context } from "../context.js";
import { DomainError } from "../errors.js";
import * as users from "./users.js";
import { LOGIN_REQUIRED, noInput, signInProcedure, staffProcedure } from "../trpc.js";

/** A new session at every login (the old one, if any, ends: no session fixation). */
async function startSession(ctx: Context, userId: string) {
  if (ctx.sessionId) await ctx.auth.invalidate(ctx.sessionId);
  const { cookie } = await ctx.auth.createSession(userId);
  ctx.setCookie(cookie);
}

export const authRouter = {
  register: signInProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/register",
        tags: ["auth"],
        summary:
          "Create an account and sign in: the first one becomes admin, later ones need an administrator's invitation (inviteToken) unless REGISTRATION=open",
      },
      errors: {
        forbidden:
          "Not the first account and no valid invitation (REGISTRATION=invitation, the default): always the same message, whatever the email.",
        "bad-input":
          "The invitation was already used, has expired or was revoked, or is for another email address (the message says which).",
        conflict: "The username or the email is already taken (either in any case).",
      },
    })
    .input(registerSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await users.register(ctx.sql, input, ctx.config.registration);
      await startSession(ctx, user.id);
      ctx.log.info({ userId: user.id, isAdmin: user.isAdmin, invited: Boolean(input.inviteToken) }, "account registered");
      return user;
    }),

  login: signInProcedure
    .meta({
      openapi: { method: "POST", path: "/api/login", tags: ["auth"], summary: "Sign in with email and password" },
      errors: {
        unauthorized: "The email or the password is wrong.",
        "rate-limited":
          "Too many failed attempts: from this address for this account (5 free, then a wait from 1 s doubling to 15 minutes), " +
          "for an account under attack from many addresses, or from an address trying many accounts. The message and `Retry-After` say how long to wait.",
      },
    })
    .input(loginSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await users.authenticate(ctx.sql, input, ctx.ip);
      await startSession(ctx, user.id);
      return user;
    }),

  logout: signInProcedure
    .meta({ openapi: { method: "POST", path: "/api/logout", tags: ["auth"], summary: "End the current session" } })
    .input(noInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      if (ctx.sessionId) await ctx.auth.invalidate(ctx.sessionId);
      ctx.setCookie(ctx.auth.blankCookie());
      return { success: true as const };
    }),

  me: staffProcedure
    .meta({ openapi: { method: "GET", path: "/api/user", tags: ["auth"], summary: "The signed-in user (401 when nobody is)" } })
    .input(z.void())
    .output(userSchema)
    .query(async ({ ctx }) => {
      const user = await users.getUser(ctx.sql, ctx.user.id);
      // The account was deleted since the session was validated.
      if (!user) throw new DomainError("unauthorized", LOGIN_REQUIRED);
      return user;
    }),
} satisfies TRPCRouterRecord;
