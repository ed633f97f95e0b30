import { randomUUID } from "node:crypto";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { notificationSettingsInput } from "@crawlguard/validators";
import * as notifications from "./notifications.js";
import { queueTestMail } from "./test-mail.js";
import { adminProcedure, noInput, staffProcedure } from "../trpc.js";
import { assertLeadVisible } from "../users/access.js";

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

  /** Queues a test mail to every saved office recipient (at once, whatever their kinds or digest); answers whom. */
  sendTestMail: adminProcedure.input(noInput).mutation(({ ctx }) =>
    queueTestMail({
      sql: ctx.sql,
      events: ctx.events,
      mailConfigured: ctx.config.mail?.configured ?? false,
      requestId: randomUUID(),
    }),
  ),

  deliveries: staffProcedure.input(z.object({ leadId: z.string().uuid() }).strict()).query(async ({ ctx, input }) => {
    await assertLeadVisible(ctx.sql, ctx.user, input.leadId);
    return notifications.leadDeliveries(ctx.sql, input.leadId);
  }),
} satisfies TRPCRouterRecord;
