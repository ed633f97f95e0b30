import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { z, ZodError } from "zod";
import type { Context } from "./context.js";
import { API_KEY_READ_ONLY, API_KEY_SESSION_ONLY, takeApiKeyHit } from "./api-keys/api-keys.js";
import { badInputFrom, ConflictError, DATABASE_UNAVAILABLE, DomainError, GENERIC_ERROR_MESSAGE, type DomainErrorKind } from "./errors.js";
import { isDatabaseUnavailable } from "./db-errors.js";
import { assertOffice } from "./users/access.js";

/**
 * Who may call a procedure. Set by the builder that made it, never by hand: the first middleware
 * enforces it and the OpenAPI document describes it.
 * - public: anyone, with or without an API key;
 * - sign-in: anyone without an API key (register, sign in, sign out);
 * - staff: a signed-in user or an API key (acting as its creator);
 * - office: as staff, but not a crew member (contact submissions, gallery admin, deleting leads);
 * - account: a signed-in user, never an API key (one's own profile and calendar feed);
 * - admin: a signed-in admin, never an API key.
 */
export type Access = "public" | "sign-in" | "staff" | "office" | "account" | "admin";

/**
 * The operations an API key never makes, whoever made it: accounts, sign-in, keys, settings and
 * calendar feeds. A key is a credential for the business's data; what it may not do is whatever
 * would outlive its revocation (a feed URL, a session, another key) or change who people are.
 */
export const SESSION_ONLY_ACCESS: ReadonlySet<Access> = new Set(["sign-in", "account", "admin"]);

// A type, not an interface: trpc-to-openapi wants meta assignable to Record<string, unknown>.
export type ApiMeta = {
  access?: Access;
  /**
   * Domain errors the procedure can answer beyond those its builder, input and method imply, each
   * with what it means for this operation. The OpenAPI document lists them (see openapi.ts).
   */
  errors?: Partial<Record<DomainErrorKind, string>>;
  /** The REST door answers 201 Created (a new resource) instead of 200; tRPC's protocol keeps 200. */
  created?: true;
};

export type Meta = OpenApiMeta<ApiMeta>;

/** The success status of a procedure at the REST door: 201 for one that creates (meta `created`), else 200. */
export function restSuccessStatus(procedure: { _def: { meta?: unknown } } | undefined): 200 | 201 {
  return (procedure?._def.meta as ApiMeta | undefined)?.created ? 201 : 200;
}

/**
 * The one translation of domain errors to the wire: the tRPC code each kind becomes, and the HTTP
 * status both doors then answer with (tRPC and trpc-to-openapi derive it from the code).
 */
export const ERROR_EDGE = {
  "bad-input": { code: "BAD_REQUEST", status: 400 },
  unauthorized: { code: "UNAUTHORIZED", status: 401 },
  forbidden: { code: "FORBIDDEN", status: 403 },
  "not-found": { code: "NOT_FOUND", status: 404 },
  conflict: { code: "CONFLICT", status: 409 },
  "payload-too-large": { code: "PAYLOAD_TOO_LARGE", status: 413 },
  "unsupported-media-type": { code: "UNSUPPORTED_MEDIA_TYPE", status: 415 },
  unprocessable: { code: "UNPROCESSABLE_CONTENT", status: 422 },
  "rate-limited": { code: "TOO_MANY_REQUESTS", status: 429 },
  unavailable: { code: "SERVICE_UNAVAILABLE", status: 503 },
} as const satisfies Record<DomainErrorKind, { code: TRPCError["code"]; status: number }>;

export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: ERROR_EDGE[error.kind].code, message: error.message, cause: error });
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      const issues = error.cause instanceof DomainError ? error.cause.issues : undefined;
      // A refused booking says what it clashes with, in the error body itself.
      const conflicts = error.cause instanceof ConflictError ? error.cause.conflicts : undefined;
      return {
        message: internal ? GENERIC_ERROR_MESSAGE : shape.message || "Request failed",
        code: shape.code,
        ...(conflicts ? { conflicts } : {}),
        // No stack, ever: the detail is logged on the server instead.
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...(issues ? { issues } : {}) },
      };
    },
  });

/**
 * An output schema that tRPC checks with zod's synchronous parse. tRPC calls `parseAsync` when a
 * schema has one, and zod 4 uses its compiled object checks only in synchronous parses: on the
 * calendar's month (thousands of objects) parseAsync took four times as long (bench/scheduling).
 * Output schemas have no async refinements, so the check is the same. The copy is a clone whose
 * parent is the schema, so the OpenAPI document refers to the schema's named component.
 */
export function syncOutput<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone();
  const parseAsync = (value: unknown) => Promise.resolve(value).then((v) => schema.parse(v));
  return Object.defineProperty(copy, "parseAsync", { value: parseAsync });
}

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The edge between the domain and the wire, first on every procedure: a DomainError becomes the
 * TRPCError of its kind, and a rejected input a 400 whose message names the fields (trpc-to-openapi
 * would otherwise answer "Input validation failed"). A query the database could not answer now (a
 * lost or frozen connection, a statement timeout, a restart) is a 503 the client may retry. Anything
 * else stays an INTERNAL_SERVER_ERROR, whose text the formatter replaces with GENERIC_ERROR_MESSAGE.
 */
const errorEdge = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const { error } = result;
  if (error.cause instanceof DomainError) throw toTRPCError(error.cause);
  if (error.code === "BAD_REQUEST" && error.cause instanceof ZodError) throw toTRPCError(badInputFrom(error.cause));
  if (isDatabaseUnavailable(error.cause))
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_UNAVAILABLE, cause: error.cause });
  return result;
});

/** The input of a mutation that takes none: accepts no body or an empty object on both doors. */
export const noInput = z.object({}).optional();

export const LOGIN_REQUIRED = "You must be logged in";

/**
 * API keys (ADR 029), before anything else a procedure does: a refused key is a 401 on every
 * procedure, a key is a 403 on every session-only procedure (one message for all of them, read or
 * write), a read key only reads (queries), and every other call with a key counts against its limit.
 */
const apiKeyGate = t.middleware(async ({ ctx, type, meta, next }) => {
  if (ctx.credentialError) {
    challengeBearer(ctx, ctx.credentialError.message);
    throw ctx.credentialError;
  }
  if (ctx.apiKey) {
    if (!meta?.access || SESSION_ONLY_ACCESS.has(meta.access)) throw new DomainError("forbidden", API_KEY_SESSION_ONLY);
    if (type !== "query" && ctx.apiKey.scope !== "read-write") throw new DomainError("forbidden", API_KEY_READ_ONLY);
    // Every answer to a counted request says where the key stands (IETF RateLimit fields), so a client can pace itself.
    for (const [name, value] of Object.entries(await takeApiKeyHit(ctx.sql, ctx.apiKey))) ctx.setHeader(name, value);
  }
  // After the key is counted, before who the caller is matters: a typo in a parameter is the first thing to fix.
  if (ctx.queryError) throw ctx.queryError;
  return next();
});

/**
 * A 401 to a request that sent `Authorization: Bearer` carries the challenge RFC 6750 asks for,
 * saying why the token was refused (RFC 9110: every 401 names how to authenticate).
 */
function challengeBearer(ctx: Pick<Context, "req" | "setHeader">, why: string): void {
  if (!/^bearer(\s|$)/i.test(ctx.req.headers.authorization ?? "")) return;
  const description = why.replace(/["\\]/g, "'");
  ctx.setHeader("WWW-Authenticate", `Bearer realm="CrawlGuard API", error="invalid_token", error_description="${description}"`);
}

export const publicProcedure = t.procedure.use(errorEdge).use(apiKeyGate).meta({ access: "public" });

/** Anyone, but never with an API key: registering, signing in and out make or end sessions. */
export const signInProcedure = publicProcedure.meta({ access: "sign-in" });

/** Any logged-in user (staff or admin), or an API key acting as its creator; 401 otherwise. */
export const staffProcedure = publicProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user) {
      challengeBearer(ctx, LOGIN_REQUIRED);
      throw new DomainError("unauthorized", LOGIN_REQUIRED);
    }
    return next({ ctx: { ...ctx, user: ctx.user } });
  })
  .meta({ access: "staff" });

/**
 * Office staff and admins (and an API key, acting as its admin); 403 for a crew member, who works
 * only the leads assigned to them (users/access.ts).
 */
export const officeProcedure = staffProcedure
  .use(({ ctx, next }) => {
    assertOffice(ctx.user);
    return next();
  })
  .meta({ access: "office" });

/** What a logged-in user does to their own account (profile, calendar feed); 403 to an API key. */
export const accountProcedure = staffProcedure.meta({ access: "account" });

/** Admins only; 401 when logged out, 403 for staff and for an API key, even one an admin made. */
export const adminProcedure = staffProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user.isAdmin) throw new DomainError("forbidden", "Admin access required");
    return next();
  })
  .meta({ access: "admin" });
