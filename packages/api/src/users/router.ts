import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { resetPasswordSchema, staffMemberSchema, userProfileSchema, userSchema } from "@crawlguard/validators";
import * as users from "./users.js";
import { accountProcedure, adminProcedure, staffProcedure } from "../trpc.js";

const idInput = z.object({ id: z.string().uuid().meta({ description: "The user's id." }) });
/** What a 404 means on the operations that take an account id (documented in OpenAPI). */
const NO_SUCH_USER = "No account has this id.";

export const usersRouter = {
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/api/users", tags: ["users"], summary: "Every account, oldest first (admins only)" } })
    .input(z.void())
    .output(z.array(userSchema))
    .query(({ ctx }) => users.listUsers(ctx.sql)),

  staff: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/users/staff",
        tags: ["users"],
        summary:
          "Everyone an appointment can be assigned to (any signed-in user may ask): id, shown name, calendar colour and initials, by name. No emails or roles",
      },
    })
    .input(z.void())
    .output(z.array(staffMemberSchema))
    .query(({ ctx }) => users.listStaff(ctx.sql)),

  updateProfile: accountProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/api/users/{id}",
        tags: ["users"],
        summary:
          "Set an account's display name and/or calendar colour (admins change anyone's, everyone else only their own), or its role (which only admins change)",
      },
      errors: {
        conflict: "`role` would leave no admin: the account is the only admin.",
        "bad-input":
          "The display name is longer than 60 characters or holds text direction controls or zero-width characters (as a username may not), or the colour is not written #rrggbb.",
        forbidden:
          "The account is not the signed-in user's own and the signed-in user is not an admin, or `role` was sent by someone who is not an admin.",
        "not-found": NO_SUCH_USER,
      },
    })
    .input(userProfileSchema.extend(idInput.shape))
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...profile } = input;
      const user = await users.updateProfile(ctx.sql, id, profile, ctx.user);
      ctx.log.info({ userId: id, by: ctx.user.id, ...(profile.role ? { role: profile.role } : {}) }, "profile changed");
      return user;
    }),

  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/api/users/{id}",
        tags: ["users"],
        summary: "Delete a non-admin account and end its sessions (admins only)",
      },
      errors: { "not-found": NO_SUCH_USER, forbidden: "The account is an admin: admins cannot be deleted." },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await users.deleteUser(ctx.sql, input.id);
      ctx.log.info({ userId: input.id, by: ctx.user.id }, "account deleted");
      return { success: true as const };
    }),

  resetPassword: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/api/users/{id}/reset-password",
        tags: ["users"],
        summary: "Set a new password and end the account's sessions (admins only)",
      },
      errors: { "not-found": NO_SUCH_USER },
    })
    .input(resetPasswordSchema.extend(idInput.shape))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await users.resetPassword(ctx.sql, input.id, input.password, ctx.sessionId);
      ctx.log.info({ userId: input.id, by: ctx.user.id }, "password reset");
      return { success: true as const };
    }),
} satisfies TRPCRouterRecord;
