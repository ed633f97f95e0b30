import type { TRPCRouterRecord } from "@trpc/server";
import { contactRequestSchema, contactResponseSchema } from "@crawlguard/validators";
import { CONTACT_SUCCESS_MESSAGE, submitContact } from "./contact.js";
import { idempotencyHeaders, idempotent } from "../idempotency.js";
import { publicProcedure } from "../trpc.js";

export const contactRouter = {
  submit: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/contact",
        tags: ["contact"],
        summary: "Send the contact form (rate-limited per client address; bot-verified when Turnstile is configured)",
        description:
          "From the website: rate-limited per client address (an IPv6 client by its /64) and bot-checked. With a read-write API key (`Authorization: Bearer cg_live_...`) " +
          "it is a trusted lead source: no bot checks and no per-address limit, the key's own limit instead, and the key's name " +
          "is stored as the submission's `source`. The answer names the submission (`id`); the same submission sent again within " +
          "10 minutes is not stored twice and answers 200 with the first one's `id` and `duplicate: true`.",
        requestHeaders: idempotencyHeaders,
      },
      errors: {
        "bad-input": "The bot check (Turnstile) failed or its token is missing.",
        "rate-limited": "Too many submissions from this network in 10 minutes, or (with an API key) from this key in an hour.",
        unavailable: "The bot check (Turnstile) could not be reached.",
        conflict: "A request with the same Idempotency-Key is still being processed.",
        unprocessable: "The Idempotency-Key was already used with another body.",
      },
    })
    .input(contactRequestSchema)
    .output(contactResponseSchema)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, "contact.submit", input, async () => {
        // Stored or dropped as spam: the same answer, so a bot learns nothing. A repeat says so and
        // names the first submission, so an integrator can tell it from a new one.
        const { outcome, id } = await submitContact(ctx, input);
        return { success: true as const, message: CONTACT_SUCCESS_MESSAGE, id, duplicate: outcome === "duplicate" };
      }),
    ),
} satisfies TRPCRouterRecord;
