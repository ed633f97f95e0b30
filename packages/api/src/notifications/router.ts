import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import * as notifications from "./notifications.js";
import { adminProcedure, staffProcedure } from "../trpc.js";

/** The Notifications settings an admin saves: strict, nothing coerced. */
export const notificationSettingsInput = z
  .object({
    officeRecipients: z
      .array(z.object({ email: z.string().trim().email("Enter a valid e-mail address").max(254), digest: z.boolean() }).strict())
      .max(20, "At most 20 office recipients"),
    clientConfirmation: z.boolean(),
    clientCancellation: z.boolean(),
    clientReminder: z.boolean(),
    contactAcknowledgement: z.boolean(),
    reminderLeadHours: z.number().int().min(1, "At least 1 hour").max(168, "At most 168 hours (a week)"),
  })
  .strict();

/** Dashboard only (tRPC): the admin's Notifications section and each lead's delivery log. */
export const notificationsRouter = {
  settings: adminProcedure.query(async ({ ctx }) => ({
    smtpConfigured: ctx.config.mail?.configured ?? false,
    notConfiguredMessage: ctx.config.mail?.configured ? null : notifications.SMTP_NOT_CONFIGURED_MESSAGE,
    ...(await notifications.getNotificationSettings(ctx.sql, ctx.config.mail?.officeEmails)),
  })),

  updateSettings: adminProcedure.input(notificationSettingsInput).mutation(async ({ ctx, input }) => ({
    smtpConfigured: ctx.config.mail?.configured ?? false,
    notConfiguredMessage: ctx.config.mail?.configured ? null : notifications.SMTP_NOT_CONFIGURED_MESSAGE,
    ...(await notifications.updateNotificationSettings(ctx.sql, ctx.user.id, input, ctx.config.mail?.officeEmails)),
  })),

  deliveries: staffProcedure
    .input(z.object({ leadId: z.string().uuid() }).strict())
    .query(({ ctx, input }) => notifications.leadDeliveries(ctx.sql, input.leadId)),
} satisfies TRPCRouterRecord;
