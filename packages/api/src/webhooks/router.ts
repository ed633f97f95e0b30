import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  createdWebhookSchema,
  rotatedWebhookSecretSchema,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  webhookCreateSchema,
  webhookDeliveriesHoldSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookTestResultSchema,
  webhookUpdateSchema,
} from "@crawlguard/validators";
import * as webhooks from "./webhooks.js";
import { rotateWebhookSecret } from "./rotation.js";
import { sendTestEvent } from "./test-event.js";
import { adminProcedure, noInput } from "../trpc.js";

const idInput = z.object({ id: z.string().uuid().meta({ description: "The webhook's id." }) });

/** Webhook endpoints and their delivery logs (ADR 030): admins only. */
export const webhooksRouter = {
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/webhooks",
        tags: ["webhooks"],
        summary: "Register a webhook endpoint: its URL and events; the signing secret is shown only in this answer (admins only)",
      },
      errors: { conflict: webhooks.WEBHOOK_LIMIT_MESSAGE },
    })
    .input(webhookCreateSchema)
    .output(createdWebhookSchema)
    .mutation(async ({ ctx, input }) => {
      // The queue runs before any change can queue a delivery for the new endpoint.
      await ctx.webhooks.ready();
      const created = await webhooks.createWebhook(ctx.sql, input, { userId: ctx.user.id }, ctx.webhooks.settings);
      ctx.log.info({ webhookId: created.id, by: ctx.user.id, events: created.events }, "webhook registered");
      return created;
    }),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/webhooks",
        tags: ["webhooks"],
        summary: "The registered webhook endpoints, without their secrets (admins only)",
      },
    })
    .input(z.void())
    .output(z.array(webhookSchema))
    .query(({ ctx }) => webhooks.listWebhooks(ctx.sql)),

  get: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/webhooks/{id}",
        tags: ["webhooks"],
        summary: "One webhook endpoint, without its secret (admins only)",
      },
      errors: { "not-found": webhooks.WEBHOOK_NOT_FOUND },
    })
    .input(idInput)
    .output(webhookSchema)
    .query(({ ctx, input }) => webhooks.getWebhook(ctx.sql, input.id)),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/api/webhooks/{id}",
        tags: ["webhooks"],
        summary: "Change a webhook endpoint's URL, events or description, or disable/enable it (enabled) (admins only)",
      },
      errors: { "not-found": webhooks.WEBHOOK_NOT_FOUND },
    })
    .input(webhookUpdateSchema)
    .output(webhookSchema)
    .mutation(async ({ ctx, input }) => {
      if (input.enabled) await ctx.webhooks.ready();
      const updated = await webhooks.updateWebhook(ctx.sql, input, ctx.webhooks.settings);
      ctx.log.info({ webhookId: input.id, by: ctx.user.id, enabled: updated.enabled }, "webhook changed");
      return updated;
    }),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/api/webhooks/{id}",
        tags: ["webhooks"],
        summary: "Delete a webhook endpoint and its delivery log; nothing more is sent to it (admins only)",
      },
      errors: { "not-found": webhooks.WEBHOOK_NOT_FOUND },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await webhooks.deleteWebhook(ctx.sql, input.id);
      ctx.log.info({ webhookId: input.id, by: ctx.user.id }, "webhook deleted");
      return { success: true as const };
    }),

  deliveries: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/webhooks/{id}/deliveries",
        tags: ["webhooks"],
        summary: `A webhook endpoint's delivery log, newest first, ${webhooks.DELIVERY_LOG_SIZE} at a time, each with the body it sent; by status, and older pages with \`before\` (admins only)`,
      },
      errors: { "not-found": webhooks.WEBHOOK_NOT_FOUND },
    })
    .input(webhookDeliveriesQuerySchema)
    .output(z.array(webhookDeliverySchema))
    .query(({ ctx, input: { id, ...page } }) => webhooks.listDeliveries(ctx.sql, id, page)),

  test: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/webhooks/{id}/test",
        tags: ["webhooks"],
        summary:
          "Send a signed webhook.test event to the endpoint now (enabled or not) and answer what it said: delivered, responseStatus, error; nothing is queued or retried (admins only)",
      },
      errors: { "not-found": webhooks.WEBHOOK_NOT_FOUND },
    })
    .input(idInput)
    .output(webhookTestResultSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await sendTestEvent(ctx.sql, input.id, ctx.webhooks.settings);
      ctx.log.info({ webhookId: input.id, by: ctx.user.id, delivered: result.delivered }, "webhook test event sent");
      return result;
    }),

  rotateSecret: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/webhooks/{id}/rotate-secret",
        tags: ["webhooks"],
        summary: `Replace the endpoint's signing secret: the new one is in this answer only; for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours deliveries are signed with both, then only the new one (admins only)`,
      },
      errors: { "not-found": webhooks.WEBHOOK_NOT_FOUND },
    })
    .input(idInput)
    .output(rotatedWebhookSecretSchema)
    .mutation(async ({ ctx, input }) => {
      const rotated = await rotateWebhookSecret(ctx.sql, input.id);
      ctx.log.info({ webhookId: input.id, by: ctx.user.id }, "webhook secret rotated");
      return rotated;
    }),

  resend: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/webhooks/{id}/deliveries/{deliveryId}/resend",
        tags: ["webhooks"],
        summary: "Send a delivery again now, with the same body and webhook-id, retried for another day if it fails (admins only)",
      },
      errors: {
        "not-found": webhooks.WEBHOOK_DELIVERY_NOT_FOUND,
        conflict: `${webhooks.WEBHOOK_DISABLED_RESEND} / ${webhooks.WEBHOOK_DELIVERIES_HELD_RESEND}`,
      },
    })
    .input(idInput.extend({ deliveryId: z.string().uuid().meta({ description: "The delivery's id." }) }))
    .output(webhookDeliverySchema)
    .mutation(async ({ ctx, input }) => {
      const delivery = await webhooks.resendDelivery(
        ctx.sql,
        ctx.webhooks.jobs,
        { webhookId: input.id, deliveryId: input.deliveryId },
        ctx.webhooks.settings,
      );
      ctx.webhooks.nudge();
      ctx.log.info({ webhookId: input.id, deliveryId: input.deliveryId, by: ctx.user.id }, "webhook delivery resent");
      return delivery;
    }),

  deliveriesHold: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/webhook-deliveries/hold",
        tags: ["webhooks"],
        summary:
          "Whether webhook deliveries are held after a restore (db:restore --hold-deliveries), since when, why, and how many wait (admins only)",
      },
    })
    .input(z.void())
    .output(webhookDeliveriesHoldSchema)
    .query(({ ctx }) => webhooks.getDeliveriesHold(ctx.sql)),

  resumeDeliveries: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/webhook-deliveries/resume",
        tags: ["webhooks"],
        summary:
          "Resume webhook deliveries held after a restore: the waiting ones are sent (receivers dedupe by webhook-id); answers the new state, also when nothing was held (admins only)",
      },
    })
    .input(noInput)
    .output(webhookDeliveriesHoldSchema)
    .mutation(async ({ ctx }) => {
      const { resumed, ...hold } = await webhooks.resumeDeliveries(ctx.sql, ctx.webhooks.jobs, {
        beforeQueuing: () => ctx.webhooks.ready(),
      });
      if (resumed) {
        ctx.webhooks.nudge();
        ctx.log.info({ by: ctx.user.id, waiting: hold.waiting }, "webhook deliveries resumed");
      }
      return hold;
    }),
} satisfies TRPCRouterRecord;
