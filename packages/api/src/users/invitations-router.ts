import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { transaction } from "@crawlguard/db";
import {
  createdInvitationSchema,
  invitationCreateSchema,
  invitationLookupInputSchema,
  invitationLookupSchema,
  invitationSchema,
} from "@crawlguard/validators";
import * as invitations from "./invitations.js";
import { lookUpInvitation } from "./invitation-lookup.js";
import { adminProcedure, signInProcedure } from "../trpc.js";

/** Accounts by invitation: admins invite from User Management. */
export const invitationsRouter = {
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/users/invitations",
        tags: ["users"],
        summary: "Invite someone to register: a single-use link valid 7 days, shown only in this answer (admins only)",
      },
    })
    .input(invitationCreateSchema)
    .output(createdInvitationSchema)
    .mutation(async ({ ctx, input }) => {
      // With an address, the invitee is mailed the link (when this server sends mail), in the same transaction.
      const created = await transaction(ctx.sql, async (tx) => {
        const made = await invitations.createInvitation(tx, input, { userId: ctx.user.id, origin: ctx.origin });
        if (input.email)
          await ctx.events.emit(tx, { type: "invitation.created", invitationId: made.id, email: input.email, token: made.token });
        return made;
      });
      ctx.log.info({ invitationId: created.id, by: ctx.user.id, role: invitations.invitationRole(input) }, "invitation created");
      return created;
    }),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/users/invitations",
        tags: ["users"],
        summary: "Pending invitations (not used, revoked or expired), newest first, without their tokens (admins only)",
      },
    })
    .input(z.void())
    .output(z.array(invitationSchema))
    .query(({ ctx }) => invitations.listPendingInvitations(ctx.sql)),

  revoke: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/api/users/invitations/{id}",
        tags: ["users"],
        summary: "Revoke an invitation: its link no longer creates an account (admins only)",
      },
      errors: { "not-found": "No invitation has this id.", conflict: "The invitation has already been used." },
    })
    .input(z.object({ id: z.string().uuid().meta({ description: "The invitation's id." }) }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await invitations.revokeInvitation(ctx.sql, input.id);
      ctx.log.info({ invitationId: input.id, by: ctx.user.id }, "invitation revoked");
      return { success: true as const };
    }),

  lookup: signInProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/register/invitation",
        tags: ["auth"],
        summary: "What the Register form shows of an invitation link's code: the address it is for and its expiry",
      },
      errors: {
        "not-found": "No invitation has this code.",
        "bad-input": "The invitation was already used, has expired or was revoked (the message says which).",
      },
    })
    .input(invitationLookupInputSchema)
    .output(invitationLookupSchema)
    .mutation(({ ctx, input }) => lookUpInvitation(ctx.sql, input.token)),
} satisfies TRPCRouterRecord;
