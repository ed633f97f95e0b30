import { z } from "zod";
import { contactSubmissionSchema } from "./submission.js";
import { leadSchema } from "./lead.js";
import { isoInstant, text } from "./text.js";

// API keys, incremental sync and the calendar feed (ADR 029).

/** What a key may do: `read` only reads (GET); `read-write` also changes data. */
const API_KEY_SCOPES = ["read", "read-write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "cg_live_";

/** Requests per key per minute (every /api call made with the key). */
export const API_KEY_RATE_LIMIT = 120;
export const API_KEY_RATE_WINDOW_SECONDS = 60;
/** Contact submissions per read-write key per hour (POST /api/contact with a key, its own limit). */
export const API_KEY_CONTACT_LIMIT = 300;
export const API_KEY_CONTACT_WINDOW_SECONDS = 3600;

export const apiKeyCreateSchema = z
  .object({
    name: text()
      .trim()
      .min(1, "Name is required")
      .max(100, "Name must be at most 100 characters")
      .meta({ description: "What the key is for (e.g. Zapier); shown in the list and recorded as the source of leads it sends." }),
    scope: z
      .enum(API_KEY_SCOPES)
      .meta({ description: "`read`: GET requests only. `read-write`: also changes data (POST, PATCH, DELETE)." }),
    expiresAt: isoInstant()
      .optional()
      .meta({ description: "When the key stops working (ISO 8601, in the future); omitted: it works until revoked." }),
  })
  .meta({ id: "ApiKeyCreate" });
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>;

export const apiKeySchema = z
  .object({
    id: z.string().uuid().meta({ description: "The key's id (to revoke it)." }),
    name: z.string().meta({ description: "What the key is for." }),
    prefix: z.string().meta({ description: "The key's first characters (e.g. cg_live_Ab3dE), to tell keys apart. Never the whole key." }),
    scope: z.enum(API_KEY_SCOPES).meta({ description: "`read` or `read-write`." }),
    createdBy: z.string().nullable().meta({ description: "The username of the admin who made it; the key acts as that account." }),
    createdAt: z.string().datetime().meta({ description: "When it was made (ISO 8601)." }),
    expiresAt: z.string().datetime().nullable().meta({ description: "When it stops working; null: never." }),
    lastUsedAt: z.string().datetime().nullable().meta({ description: "When it was last used (to the second); null: never used." }),
    revokedAt: z.string().datetime().nullable().meta({ description: "When it was revoked; null: not revoked." }),
  })
  .meta({ id: "ApiKey", description: "An API key as listed: never the key itself." });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema
  .extend({
    key: z.string().meta({
      description: "The whole key (cg_live_...), to send as `Authorization: Bearer <key>`. Shown in this answer only, never stored.",
    }),
  })
  .meta({ id: "NewApiKey", description: "A key just made, with the key itself (shown once)." });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** How many of a key's calls its audit list keeps (the newest). */
export const API_KEY_CALLS_KEPT = 1000;

export const apiKeyCallSchema = z
  .object({
    id: z.number().int().meta({ description: "The call's number (send it as `before` for the calls before it)." }),
    at: z.string().datetime().meta({ description: "When the answer was sent (ISO 8601)." }),
    method: z.string().meta({ description: "The HTTP method.", example: "GET" }),
    path: z.string().meta({ description: "The path called, without its query string.", example: "/api/leads" }),
    status: z.number().int().meta({ description: "The status it was answered with.", example: 200 }),
    clientAddress: z.string().meta({ description: "The address the call came from (as the server's trusted proxies report it)." }),
  })
  .meta({ id: "ApiKeyCall", description: "One call made with an API key." });
export type ApiKeyCall = z.infer<typeof apiKeyCallSchema>;

export const apiKeyCallsQuerySchema = z.object({
  id: z.string().uuid().meta({ description: "The API key's id." }),
  limit: z
    .number()
    .int()
    .min(1)
    .max(API_KEY_CALLS_KEPT)
    .meta({ description: `How many calls to answer, newest first: 1-${API_KEY_CALLS_KEPT} (default 100).` })
    .optional(),
  before: z.number().int().min(1).meta({ description: "Only calls before this one (the `id` of the oldest call you have)." }).optional(),
});

/** The most items a sync page answers. */
const SYNC_MAX_LIMIT = 500;
export const SYNC_DEFAULT_LIMIT = 100;

/**
 * The parameters of an incremental sync (GET /api/leads, GET /api/contact-submissions). Without any,
 * those paths answer the whole list, as they did before paging existed.
 */
export const syncQuerySchema = z.object({
  updatedSince: isoInstant()
    .meta({ description: "Only items changed at or after this instant (ISO 8601), and deletions since then with includeDeleted." })
    .optional(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SYNC_MAX_LIMIT)
    .meta({ description: `Items per page, 1-${SYNC_MAX_LIMIT} (default ${SYNC_DEFAULT_LIMIT}).` })
    .optional(),
  cursor: z
    .string()
    .max(200)
    .meta({ description: "The `nextCursor` of the previous page: the page continues after it. Omitted: from the beginning." })
    .optional(),
  includeDeleted: z
    .boolean()
    .meta({ description: "Also answer the ids of items deleted since (tombstones, in `deleted`). Default false." })
    .optional(),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

const tombstoneSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The id of the deleted item." }),
    deletedAt: z.string().datetime().meta({ description: "When it was deleted (ISO 8601)." }),
  })
  .meta({ id: "Tombstone", description: "An item deleted since the cursor (or updatedSince)." });

const pageFields = {
  deleted: z.array(tombstoneSchema).meta({ description: "Deleted items (only with includeDeleted=true; else always empty)." }),
  nextCursor: z.string().meta({
    description:
      "Where the next page starts: send it as `cursor`. Always present: after the last page it is where new changes will appear, so keep it and poll with it.",
  }),
  hasMore: z.boolean().meta({ description: "True when more changes follow right away (fetch the next page now)." }),
};

export const leadPageSchema = z
  .object({ items: z.array(leadSchema).meta({ description: "Leads created or changed, in the order of their changes." }), ...pageFields })
  .meta({ id: "LeadPage", description: "A page of an incremental sync of leads." });
export type LeadPage = z.infer<typeof leadPageSchema>;

export const submissionPageSchema = z
  .object({
    items: z.array(contactSubmissionSchema).meta({ description: "Submissions received or changed, in the order of their changes." }),
    ...pageFields,
  })
  .meta({ id: "ContactSubmissionPage", description: "A page of an incremental sync of contact submissions." });

export const calendarFeedSchema = z
  .object({
    active: z.boolean().meta({ description: "Whether the signed-in user has a feed URL." }),
    createdAt: z.string().datetime().nullable().meta({ description: "When the current feed URL was made." }),
  })
  .meta({ id: "CalendarFeed", description: "The signed-in user's calendar feed (never its URL, shown once)." });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const createdCalendarFeedSchema = z
  .object({
    url: z.string().url().meta({ description: "The secret feed URL to subscribe to (iCalendar). Shown once; a new one replaces it." }),
    createdAt: z.string().datetime().meta({ description: "When it was made." }),
  })
  .meta({ id: "NewCalendarFeed", description: "A new secret calendar feed URL (shown once)." });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;
