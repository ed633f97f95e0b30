import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { apiKeyCallSchema, apiKeyCallsQuerySchema, apiKeyCreateSchema, apiKeySchema, createdApiKeySchema } from "@crawlguard/validators";
import * as apiKeys from "./api-keys.js";
import { listApiKeyCalls } from "./calls.js";
import { adminProcedure } from "../trpc.js";

/** API keys for integrations (ADR 029): admins make, list and revoke them in User Management. */
export const apiKeysRouter = {
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/api-keys",
        tags: ["integrations"],
        summary: "Make an API key: the key (cg_live_...) is in this answer only, never stored (admins only)",
      },
    })
    .input(apiKeyCreateSchema)
    .output(createdApiKeySchema)
    .mutation(async ({ ctx, input }) => {
      const created = await apiKeys.createApiKey(ctx.sql, input, ctx.user.id);
      ctx.log.info({ apiKeyId: created.id, by: ctx.user.id, scope: created.scope }, "API key created");
      return created;
    }),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/api-keys",
        tags: ["integrations"],
        summary: "Every API key (revoked and expired ones too), newest first, never the keys themselves (admins only)",
      },
    })
    .input(z.void())
    .output(z.array(apiKeySchema))
    .query(({ ctx }) => apiKeys.listApiKeys(ctx.sql)),

  revoke: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/api/api-keys/{id}",
        tags: ["integrations"],
        summary: "Revoke an API key: every request with it is refused (401) at once, on every server (admins only)",
      },
      errors: { "not-found": "No API key has this id." },
    })
    .input(z.object({ id: z.string().uuid().meta({ description: "The API key's id." }) }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await apiKeys.revokeApiKey(ctx.sql, input.id);
      ctx.log.info({ apiKeyId: input.id, by: ctx.user.id }, "API key revoked");
      return { success: true as const };
    }),
  calls: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/api-keys/{id}/audit",
        tags: ["integrations"],
        summary:
          "The calls made with an API key, newest first (time, method, path, status, client address; the last 1,000 are kept) (admins only)",
      },
      errors: { "not-found": "No API key has this id." },
    })
    .input(apiKeyCallsQuerySchema)
    .output(z.array(apiKeyCallSchema))
    .query(({ ctx, input }) => listApiKeyCalls(ctx.sql, input)),
} satisfies TRPCRouterRecord;
