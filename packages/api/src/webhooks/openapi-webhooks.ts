import type { OpenAPIObject } from "trpc-to-openapi";
import { createSchema } from "zod-openapi";
import { webhookBodySchema, webhookBodyTypes, WEBHOOK_EVENT_DESCRIPTIONS } from "@crawlguard/validators";

/*
 * The `webhooks` section of the served OpenAPI 3.1 document: one entry per event type a receiver
 * may get, built from the one list of types (validators' webhookEventTypes, and webhook.test), each
 * with its body's schema, so receivers generate types as clients do. A type added to the list
 * appears here at once (with a generic `data` until its shape is written in webhook-payloads.ts).
 */

const SIGNATURE_HEADERS = [
  {
    name: "webhook-id",
    in: "header",
    required: true,
    description:
      "The event's id (msg_…): the same on every attempt and resend, and the `id` of the event in GET /api/events. Dedupe by it.",
    schema: { type: "string" },
  },
  {
    name: "webhook-timestamp",
    in: "header",
    required: true,
    description: "When this attempt was signed, in seconds since 1970 (refuse one far from your clock).",
    schema: { type: "string" },
  },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      "Standard Webhooks signatures (`v1,<base64 HMAC-SHA256>`), space-separated: one per signing secret, so two for 24 hours after a secret is rotated. Accept the request when one verifies.",
    schema: { type: "string" },
  },
];

/** Puts each event type's POST into `doc.webhooks`, its schemas' named parts into the components. */
export function documentWebhooks(doc: OpenAPIObject): void {
  const schemas = ((doc.components ??= {}).schemas ??= {});
  const webhooks: Record<string, unknown> = {};
  for (const type of webhookBodyTypes) {
    const { schema, components } = createSchema(webhookBodySchema(type), { io: "output", openapiVersion: "3.1.0" });
    for (const [name, component] of Object.entries(components)) {
      if (schemas[name] && JSON.stringify(schemas[name]) !== JSON.stringify(component)) {
        throw new Error(`The webhook body of ${type} renders ${name} differently from the operations`);
      }
      schemas[name] = component;
    }
    webhooks[type] = {
      post: {
        operationId: `webhook-${type.replace(/\./g, "-")}`,
        tags: ["webhooks"],
        summary: WEBHOOK_EVENT_DESCRIPTIONS[type] ?? `The ${type} event`,
        description:
          "POSTed to every enabled endpoint subscribed to this type (webhook.test: to the endpoint an administrator tests), signed with " +
          "the endpoint's secret. Answer any 2xx within 10 seconds; anything else is retried with growing delays for a day.",
        parameters: SIGNATURE_HEADERS,
        // The receiver authenticates the request by its webhook-signature, not by a credential of ours.
        security: [],
        requestBody: { required: true, content: { "application/json": { schema } } },
        responses: {
          "2XX": { description: "Received: the delivery is done." },
          default: { description: "Not received: the delivery is retried, under the same webhook-id." },
        },
      },
    };
  }
  doc.webhooks = webhooks as NonNullable<OpenAPIObject["webhooks"]>;
}
