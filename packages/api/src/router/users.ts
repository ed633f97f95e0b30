import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { resetPasswordSchema, userSchema } from "@crawlguard/validators";
import * as users from "../services/users.js";
import { adminProcedure } from "../trpc.js";

const idInput = z.object({ id: z.string().uuid().meta({ description: "The user's id." }) });
/** What a 404 means on the operations that take an account id (documented in OpenAPI). */
const NO_SUCH_USER = "No account has this id.";

export const usersRouter = {
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/api/users", tags: ["users"], summary: "Every account, oldest first (admins only)" } })
    .input(z.void())
    .output(z.array(userSchema))
    .query(({ ctx }) => users.listUsers(ctx.sql)),

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
