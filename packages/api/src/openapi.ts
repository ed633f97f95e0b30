import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { API_KEY_CONTACT_LIMIT, API_KEY_RATE_LIMIT, conflictSchema } from "@crawlguard/validators";
import { z } from "zod";
import { createSchema } from "zod-openapi";
import { GENERIC_ERROR_MESSAGE, type DomainErrorKind } from "./errors.js";
import { REQUEST_EXAMPLES } from "./openapi-examples.js";
import { calendarFeedOperation, uploadRouteOperation } from "./openapi-outside-routes.js";
import { errorResponse, INTERNAL_ERROR } from "./openapi-responses.js";
import { appRouter } from "./root.js";
import { CALENDAR_FEED_PATH } from "./calendar-feed/calendar-feed.js";
import { ERROR_EDGE, SESSION_ONLY_ACCESS, type Access, type Meta } from "./trpc.js";
import { documentWebhooks } from "./webhooks/openapi-webhooks.js";

export const SESSION_SECURITY_SCHEME = "sessionCookie";
/** API keys (ADR 029): `Authorization: Bearer cg_live_...`. */
export const BEARER_SECURITY_SCHEME = "bearerAuth";
/** The upload route outside the procedures (apps/server uploads.ts) that the document also describes. */
export const UPLOAD_ROUTE = "/uploads/{token}";

/** Every tag an operation may carry, with what it groups (openapi.api.test.ts checks that each used tag is here). */
const TAGS: Record<string, string> = {
  auth: "Accounts and sessions: register, sign in and out, the signed-in user.",
  health: "Whether the server and its database answer.",
  contact: "The public contact form.",
  submissions: "Contact form submissions, and turning one into a lead (staff).",
  leads:
    "The leads board: add, change and delete leads, find duplicates, read a lead's timeline, add visit notes and private job photos (staff).",
  users: "Account management (admins).",
  availability: "The current user's working hours and blocked time (staff). Times are wall-clock times in the business time zone.",
  appointments: "Booking appointments with conflict checks, free slots, and the business time zone (staff).",
  gallery:
    "The project gallery: upload photos (checked, stripped of metadata, turned into WebP renditions), publish them and set their order (staff); the published ones (public).",
  integrations:
    "For tools that connect to CrawlGuard: API keys (admins) and each user's secret calendar feed URL (iCalendar, for any calendar app).",
  calendar: "The calendar: appointments and time-block occurrences in a date range, and the Schedule Appointment modal's booking (staff).",
  "google-calendar":
    "The business's Google Calendar (staff): connect one Google account (OAuth popup), see its status and upcoming events, push appointments " +
    "(automatically on every booking, change and deletion, or with Add to Google / Sync), disconnect.",
  webhooks:
    "Signed webhooks (admins): register https endpoints for events, send a test event, rotate a secret, read each endpoint's delivery " +
    "log, resend; and the event log of the last 30 days (admins and API keys). Every POST carries the Standard Webhooks headers " +
    "webhook-id, webhook-timestamp and webhook-signature and a JSON body {type, timestamp, data}: this document's `webhooks` section " +
    "gives each event type's body.",
  crew:
    "The crew's day (staff; crew members for the leads assigned to them): your appointments of a day with what is needed at the door, " +
    "and telling a client you are on your way. Visit notes and job photos are under leads.",
  quotes:
    "Quotes for leads (staff; crew members for the leads assigned to them): the price book (admins write it), writing, sending, " +
    "revising and following quotes. Money is integer cents.",
  "client-quotes":
    "A sent quote from its homeowner's side (no account: the secret token of its link is the credential): read it, approve it with a " +
    "typed signature and the add-ons chosen, ask for changes, download its PDF.",
  "online booking":
    "Online booking: the settings (admins write them) and their preview, and the homeowner's calls (no account): the free arrival " +
    "windows, booking one, and the manage link's view, reschedule and cancel.",
};

/**
 * What may change in the API without notice, and how a breaking change is made (docs/api.md,
 * "Versioning and deprecation", says the same).
 */
export const API_VERSIONING_POLICY =
  "**Versioning and deprecation.** There is one version of the API, under /api; `info.version` follows semantic versioning " +
  "(minor: additions; major: a breaking change). These may change at any time, without notice: new operations, new optional " +
  "parameters and body fields, new fields in answers and in webhook payloads, new webhook event types (an endpoint receives only " +
  "the types it subscribed to), new values of a field documented as growing (a lead's `source`, a delivery's `eventType`), new " +
  "header fields, and the wording of `message`. So ignore fields you do not know, and tell errors apart by status and `code`, " +
  "not by `message`. Anything else (removing or renaming an operation, parameter or field, changing a type or a meaning, a new " +
  "required input) is announced first: it is marked `deprecated` in this document and in the API docs, and keeps working as " +
  "documented for at least 6 months from then; a field being removed stays in every answer until then.";

const fieldIssueSchema = z
  .strictObject({
    path: z.string().meta({ description: 'The field, dotted for nested ones ("" for the input as a whole).', example: "email" }),
    message: z.string().meta({ description: "What is wrong with it.", example: "Please enter a valid email address" }),
  })
  .meta({ description: "One invalid field of the input." });

/**
 * The body of every error answer at the REST door: what trpc-to-openapi sends from the error
 * formatter (trpc.ts), and what the request edge and the server's last error handler send when a
 * request is refused before any procedure runs (then without `data`).
 */
export const errorBodySchema = z
  .strictObject({
    message: z
      .string()
      .min(1)
      .meta({
        description:
          "What went wrong, written for a person. A 400 names each invalid field (`email: Please enter a valid email address`); " +
          `a 500 always says "${GENERIC_ERROR_MESSAGE}".`,
        example: "Lead not found",
      }),
    code: z.string().meta({
      description:
        "The error's name, one per status: BAD_REQUEST (400), UNAUTHORIZED (401), FORBIDDEN (403), NOT_FOUND (404), " +
        "METHOD_NOT_SUPPORTED (405: a known path asked with a method it does not answer; `Allow` lists those it does), CONFLICT (409), " +
        "PAYLOAD_TOO_LARGE (413), UNSUPPORTED_MEDIA_TYPE (415), UNPROCESSABLE_CONTENT (422), TOO_MANY_REQUESTS (429), INTERNAL_SERVER_ERROR (500), " +
        "SERVICE_UNAVAILABLE (503).",
      example: "NOT_FOUND",
    }),
    conflicts: z
      .array(conflictSchema)
      .optional()
      .meta({
        description:
          "On a 409 for a booking that was not made: everything the time clashes with (working hours, time blocks, other appointments). " +
          "Nothing was saved; send the same booking with `confirm: true` to book anyway.",
      }),
    data: z
      .strictObject({
        code: z.string().meta({ description: "The same as `code`." }),
        httpStatus: z.number().int().min(400).max(599).meta({ description: "The response's status." }),
        path: z.string().optional().meta({ description: "The procedure that answered (its tRPC name).", example: "leads.update" }),
        issues: z.array(fieldIssueSchema).optional().meta({ description: "On a 400 for invalid input: each invalid field." }),
      })
      .optional()
      .meta({
        description:
          "Present when a procedure answered; absent when the request was refused before reaching one (e.g. 413, 415, a cross-site 403).",
      }),
  })
  .meta({ description: "An error answer." });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The methods whose body the request edge reads (and may refuse with 400, 413 or 415). */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
/** The methods the CSRF check lets through without looking at Origin. */
const SAFE_METHODS = new Set(["GET"]);

interface OperationFacts {
  access: Access;
  method: string;
  takesInput: boolean;
  declared: Partial<Record<DomainErrorKind, string>>;
}

/**
 * Why an operation can fail, by kind: what its builder, method and input imply, so a new procedure
 * is documented without a word, then what its meta declares its service may throw.
 */
export function failureReasons({ access, method, takesInput, declared }: OperationFacts): Map<DomainErrorKind, string[]> {
  const reasons = new Map<DomainErrorKind, string[]>();
  const add = (kind: DomainErrorKind, reason: string) => reasons.set(kind, [...(reasons.get(kind) ?? []), reason]);
  const hasBody = BODY_METHODS.has(method);

  if (takesInput) add("bad-input", "The input is invalid: `message` names each field and `data.issues` lists them.");
  add("bad-input", UNKNOWN_PARAMETER_REASON);
  if (hasBody) add("bad-input", "The body is not a JSON object (malformed, not UTF-8, or nested too deeply).");
  const keysAllowed = !SESSION_ONLY_ACCESS.has(access);
  if (access !== "public" && access !== "sign-in") {
    add("unauthorized", "Not signed in: the `crawlguard_session` cookie is missing, expired or revoked.");
  }
  add("unauthorized", "The API key sent as `Authorization: Bearer` is unknown, revoked or expired.");
  if (access === "admin") add("forbidden", "Signed in, but not as an admin.");
  if (access === "office") add("forbidden", "Signed in as a crew member: crew work only the leads assigned to them.");
  if (!keysAllowed) add("forbidden", "Made with an API key: keys never manage accounts, sign-in, keys, settings or calendar feeds.");
  if (keysAllowed && !SAFE_METHODS.has(method)) add("forbidden", "Made with a `read` API key, which may only read (GET).");
  if (keysAllowed) add("rate-limited", `Over the API key's limit: ${API_KEY_RATE_LIMIT} requests a minute per key.`);
  if (!SAFE_METHODS.has(method)) {
    add(
      "forbidden",
      "Cross-site request refused: a request that changes data and carries the session cookie must send an `Origin` header of this site.",
    );
  }
  if (hasBody) {
    add("payload-too-large", "The request body is too large.");
    add("unsupported-media-type", "The request body is not JSON: send `Content-Type: application/json`.");
  }
  for (const [kind, reason] of Object.entries(declared) as [DomainErrorKind, string][]) add(kind, reason);
  return reasons;
}

/** Every operation refuses a query parameter it does not take (rest-query.ts). */
const UNKNOWN_PARAMETER_REASON = "A query parameter the operation does not take (a typo such as `limt`): `message` names it.";

/** The IETF RateLimit fields every answer to an API key carries (trpc.ts apiKeyGate), 429 or not. */
const KEY_RATE_LIMIT_HEADERS = {
  "RateLimit-Policy": {
    description: `Sent to an API key: its limit, as an IETF RateLimit-Policy field (\`"api-key";q=${API_KEY_RATE_LIMIT};w=60\`).`,
    schema: { type: "string" },
    example: `"api-key";q=${API_KEY_RATE_LIMIT};w=60`,
  },
  RateLimit: {
    description:
      'Sent to an API key: the requests it has left in the window (`r`) and the seconds until its oldest counted request leaves it (`t`), e.g. `"api-key";r=117;t=42`.',
    schema: { type: "string" },
    example: '"api-key";r=117;t=42',
  },
} as const;

const REPLAYED_HEADER = {
  "Idempotent-Replayed": {
    description: "`true` when this answer is the stored first answer to the same Idempotency-Key (nothing was created by this request).",
    schema: { type: "string", enum: ["true"] },
  },
} as const;

const BEARER_CHALLENGE_HEADER = {
  "WWW-Authenticate": {
    description:
      'On a request that sent `Authorization: Bearer`: the challenge (RFC 6750), e.g. `Bearer realm="CrawlGuard API", error="invalid_token", error_description="This API key has been revoked"`.',
    schema: { type: "string" },
  },
} as const;

/** The header fields of every 429 (errors.ts rateLimitHeaders; draft-ietf-httpapi-ratelimit-headers). */
const RATE_LIMIT_HEADERS = {
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "integer", minimum: 1 },
    example: 60,
  },
  "RateLimit-Policy": {
    description:
      'The policy that refused the request, as an IETF RateLimit-Policy field: its name, quota `q` and window `w` in seconds, e.g. `"login-account-address";q=5;w=86400`.',
    required: true,
    schema: { type: "string" },
    example: '"contact-address";q=5;w=600',
  },
  RateLimit: {
    description:
      'The policy\'s state, as an IETF RateLimit field: nothing remaining (`r=0`) and the seconds until it resets (`t`), e.g. `"contact-address";r=0;t=60`.',
    required: true,
    schema: { type: "string" },
    example: '"contact-address";r=0;t=60',
  },
} as const;

const DATABASE_UNAVAILABLE_REASON =
  "The database did not answer in time (a lost connection, a statement timeout, a restart): try again after `Retry-After` seconds.";

interface ProcedureDef {
  _def: { meta?: Meta };
}

/**
 * The error responses and security of each operation, derived from how its procedure was built:
 * trpc-to-openapi's defaults guess them from `protect` and the method, and describe an error body
 * the server never sends.
 */
function documentErrorsAndSecurity(doc: OpenAPIObject): void {
  for (const [name, procedure] of Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>)) {
    const meta = procedure._def.meta;
    if (!meta?.openapi) continue;
    const { access } = meta;
    if (!access) throw new Error(`${name}: build it with one of the procedure builders of trpc.ts`);
    const { method, path } = meta.openapi;
    const operation = doc.paths?.[path]?.[method.toLowerCase() as "get"];
    if (!operation) throw new Error(`${name}: no operation ${method} ${path} in the document`);

    const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
    const reasons = failureReasons({ access, method, takesInput, declared: meta.errors ?? {} });
    // Like a 500, possible on every operation: the edge answers it when the database cannot answer now.
    reasons.set("unavailable", [...(reasons.get("unavailable") ?? []), DATABASE_UNAVAILABLE_REASON]);
    const errors = [...reasons]
      .map(([kind, why]) => [ERROR_EDGE[kind].status, why] as const)
      .sort(([a], [b]) => a - b)
      .map(
        ([status, why]) =>
          [
            String(status),
            status === 429
              ? { ...errorResponse(why), headers: RATE_LIMIT_HEADERS }
              : status === 401
                ? { ...errorResponse(why), headers: BEARER_CHALLENGE_HEADER }
                : errorResponse(why),
          ] as const,
      );
    const success = Object.entries<unknown>(operation.responses ?? {})
      .filter(([status]) => status.startsWith("2"))
      // An operation that creates answers 201 at this door (trpc.ts ApiMeta `created`).
      .map(([status, response]) => [meta.created && status === "200" ? "201" : status, response] as const);
    operation.responses = { ...Object.fromEntries(success), ...Object.fromEntries(errors), "500": INTERNAL_ERROR };
    documentSuccessHeaders(operation, { keysAllowed: !SESSION_ONLY_ACCESS.has(access) });
    // An API key works wherever a session does, except the session-only operations (ADR 029).
    operation.security =
      access === "public" || access === "sign-in"
        ? []
        : SESSION_ONLY_ACCESS.has(access)
          ? [{ [SESSION_SECURITY_SCHEME]: [] }]
          : [{ [SESSION_SECURITY_SCHEME]: [] }, { [BEARER_SECURITY_SCHEME]: [] }];
  }
  // trpc-to-openapi's own error schemas, which nothing references any more.
  const schemas = doc.components?.schemas ?? {};
  for (const key of Object.keys(schemas)) if (key.startsWith("error.")) delete schemas[key];
}

/**
 * The header fields of an operation's successful answers: the RateLimit fields where an API key may
 * call it, and Idempotent-Replayed where it takes an Idempotency-Key.
 */
function documentSuccessHeaders(
  operation: { parameters?: unknown[]; responses?: Record<string, unknown> },
  { keysAllowed }: { keysAllowed: boolean },
): void {
  const idempotent = (operation.parameters ?? []).some((p) => (p as { name?: string; in?: string }).name === "Idempotency-Key");
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith("2")) continue;
    const r = response as { headers?: Record<string, unknown> };
    r.headers = { ...r.headers, ...(keysAllowed ? KEY_RATE_LIMIT_HEADERS : {}), ...(idempotent ? REPLAYED_HEADER : {}) };
    if (Object.keys(r.headers).length === 0) delete r.headers;
  }
}

/**
 * The `Error` component, rendered as a response (the shape the server sends) so the named schemas it
 * uses (Conflict) are the same components the successful answers use. Given to trpc-to-openapi's
 * `defs`, zod-openapi would render it as a request too and name a second `ConflictOutput`.
 */
function addErrorSchema(doc: OpenAPIObject): void {
  const { schema, components } = createSchema(errorBodySchema, { io: "output", openapiVersion: "3.1.0" });
  const schemas = (doc.components ??= {}).schemas ?? {};
  for (const [name, component] of Object.entries(components)) {
    if (schemas[name] && JSON.stringify(schemas[name]) !== JSON.stringify(component)) {
      throw new Error(`The Error schema renders ${name} differently from the operations`);
    }
    schemas[name] = component;
  }
  schemas.Error = schema;
  doc.components.schemas = schemas;
}

/**
 * A parameter's description at the parameter itself, where generated clients and the API reference
 * read it: zod-openapi leaves it in the schema of an optional or defaulted query parameter.
 */
function liftParameterDescriptions(doc: OpenAPIObject): void {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { parameters?: unknown[] }>)) {
      for (const parameter of (operation.parameters ?? []) as {
        description?: string;
        deprecated?: boolean;
        schema?: { description?: string; deprecated?: boolean };
      }[]) {
        if (!parameter.description && parameter.schema?.description) parameter.description = parameter.schema.description;
        if (parameter.schema?.deprecated) parameter.deprecated = true;
      }
    }
  }
}

/** Puts each operation's example body (openapi-examples.ts) on its JSON request body. */
function addRequestExamples(doc: OpenAPIObject): void {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { operationId?: string; requestBody?: unknown }>)) {
      const media = (operation.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.[
        "application/json"
      ];
      const example = operation.operationId ? REQUEST_EXAMPLES[operation.operationId] : undefined;
      if (media && example) media.example = example;
    }
  }
}

/** The OpenAPI 3.1 document of every REST-exposed procedure, generated from the router. */
export function buildOpenApiDocument(baseUrl: string): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "CrawlGuard API",
    // Minor versions add (the versioning policy in the description): 1.1 added filters, the paged paths, the event log, webhooks.
    version: "1.1.0",
    openApiVersion: "3.1.0",
    description:
      "Leads, contact submissions, appointments, availability, calendar sync, gallery and accounts of CrawlGuard. " +
      "Authenticate with POST /api/login; the session cookie `crawlguard_session` is then sent with every call. " +
      "Requests that change data and carry the cookie must send an Origin header of the same host. " +
      "Integrations use an API key instead (made by an admin in User Management or POST /api/api-keys): `Authorization: Bearer cg_live_...`, " +
      `no cookie and no Origin needed; a \`read\` key only reads, and each key may make ${API_KEY_RATE_LIMIT} requests a minute. ` +
      "Every error answers JSON with a non-empty `message` (the `Error` schema); each operation lists the statuses it can answer. " +
      "A known path asked with a method it does not answer is a 405 (`METHOD_NOT_SUPPORTED`) whose `Allow` lists the methods it does; " +
      "an unknown query parameter is a 400 that names it. Every answer to an API key carries the IETF `RateLimit-Policy` and `RateLimit` fields.\n\n" +
      API_VERSIONING_POLICY,
    license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-CrawlGuard-Proprietary" },
    baseUrl,
    docsUrl: "/api/docs",
    securitySchemes: {
      [SESSION_SECURITY_SCHEME]: {
        type: "apiKey",
        in: "cookie",
        name: "crawlguard_session",
        description: "The session cookie set by POST /api/login and POST /api/register, and cleared by POST /api/logout.",
      },
      [BEARER_SECURITY_SCHEME]: {
        type: "http",
        scheme: "bearer",
        description:
          "An API key (`cg_live_...`) made by an admin, as `Authorization: Bearer <key>`. It acts as the admin who made it, minus admin-only " +
          `operations and anything about accounts (sign-in, profiles, calendar feeds: 403); a \`read\` key only reads (GET). ${API_KEY_RATE_LIMIT} requests a minute per key (429 with Retry-After beyond). ` +
          "POST /api/contact with a `read-write` key is a trusted lead source: no bot checks, no per-address limit " +
          `(its own: ${API_KEY_CONTACT_LIMIT} an hour per key), and the key's name is the submission's \`source\`.`,
      },
    },
  });
  addErrorSchema(doc);
  addRequestExamples(doc);
  liftParameterDescriptions(doc);
  doc.servers = [{ url: baseUrl, description: "This server: its PUBLIC_URL when set, else the address the document was fetched from." }];
  documentErrorsAndSecurity(doc);
  doc.paths = {
    ...doc.paths,
    [UPLOAD_ROUTE]: { put: uploadRouteOperation() } as never,
    [CALENDAR_FEED_PATH]: { get: calendarFeedOperation() } as never,
  };
  // Every event a receiver may get, with its body's schema (webhooks/openapi-webhooks.ts).
  documentWebhooks(doc);
  doc.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));
  return doc;
}
