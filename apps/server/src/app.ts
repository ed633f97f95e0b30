import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createExpressMiddleware } from "@trpc/server/adapters/express";
import compression from "compression";
import express, { type Express, type Request } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { createOpenApiExpressMiddleware } from "trpc-to-openapi";
import {
  appRouter,
  buildOpenApiDocument,
  createCallerFactory,
  createContextFactory,
  GENERIC_ERROR_MESSAGE,
  isDatabaseUnavailable,
  rateLimitHeadersOf,
  restSuccessStatus,
  restQueryCheck,
  type ApiConfig,
  type EventSink,
  type GoogleCalendar,
  type WebhooksDeps,
} from "@crawlguard/api";
import type { Auth } from "@crawlguard/auth";
import type { Sql } from "@crawlguard/db";
import type { ObjectStorage } from "@crawlguard/storage";
import { apiDocsRouter } from "./api-docs.js";
import { authFormPosts } from "./auth-form.js";
import { bookingRoutes } from "./booking-routes.js";
import { calendarFeedRoute } from "./calendar-feed-route.js";
import { quoteRoutes } from "./quote-routes.js";
import { contactFormPosts } from "./contact-form.js";
import { cspOptions, s3BrowserOrigins } from "./csp.js";
import { createFormTokens } from "./form-tokens.js";
import { csrfGuard, PUBLIC_URL_SETTING } from "./csrf.js";
import { googleCallbackRoute } from "./google-calendar-worker.js";
import { unsubscribeRoutes } from "./mail-worker.js";
import type { Env } from "./env.js";
import { methodNotAllowed, trpcMethodNotAllowed } from "./method-not-allowed.js";
import {
  bodyErrorMessage,
  decodablePath,
  jsonBody,
  knownMethod,
  MAX_BODY_BYTES,
  MAX_TRPC_BATCH,
  noStore,
  trpcQueryInput,
  wholeTrpcAnswers,
} from "./request-guards.js";
import { serializeError } from "./log-redaction.js";
import { redactUrl } from "./redact-url.js";
import { seoRoutes } from "./seo-routes.js";
import { uploadRoutes } from "./uploads.js";
import { leadPhotosRoute } from "./lead-photos-route.js";
import type { WebApp } from "./web.js";
import { noWebhooks } from "./webhook-sender.js";
import type { Metrics } from "./metrics.js";

export interface AppDeps {
  env: Env;
  sql: Sql;
  auth: Auth;
  logger: Logger;
  /** Gallery files (filesystem or S3-compatible, ADR 013). */
  storage: ObjectStorage;
  /** Google Calendar (unconfigured when GOOGLE_CLIENT_ID is unset). */
  google: GoogleCalendar;
  /** Domain events (ADR 028); none heard without it. */
  events?: EventSink;
  /** Webhooks (ADR 030): settings, the delivery queue; absent in tests that build the app alone. */
  webhooks?: WebhooksDeps;
  /** Absent in API-only tests. */
  web?: WebApp;
  /** Health, readiness and metrics; absent in tests that build the app alone. */
  operations?: {
    /** GET /api/health/live and /api/health/ready (health.ts). */
    health: express.Router;
    metrics?: Metrics | undefined;
    /** GET /metrics on this port with this bearer token (unset: not served here). */
    metricsToken?: string | undefined;
  };
}

export function createApp({ env, sql, auth, logger, storage, google, events, webhooks, web, operations }: AppDeps): Express {
  const app = express();
  // First: every request counted and timed, whatever answers it.
  if (operations?.metrics) app.use(operations.metrics.record);
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses (env.ts): X-Forwarded-* entries added by anyone else are ignored.
  app.set("trust proxy", env.TRUST_PROXY);
  app.set(PUBLIC_URL_SETTING, env.PUBLIC_URL);
  const behindProxy = env.TRUST_PROXY !== false;
  const https = env.PUBLIC_URL?.startsWith("https://") ?? false;
  // With S3, browsers PUT uploads to the bucket and may load gallery files from a public URL.
  const s3Origins = s3BrowserOrigins({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL,
  });

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Request logs carry no headers (so no cookies or credentials) and no bodies.
      serializers: {
        req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          // No password or invitation code in a logged URL (redact-url.ts).
          url: redactUrl(req.url),
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        // An error's attached request and secret values dropped (log-redaction.ts).
        err: serializeError,
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      // Assets, and the probes and scrapes that come every few seconds.
      autoLogging: { ignore: (req) => /^\/(assets\/|api\/health\/(live|ready)(\?|$)|metrics(\?|$))/.test(req.url ?? "") },
    }),
  );
  app.use(
    helmet({
      // Scripts and <style> elements by nonce, never 'unsafe-inline'; no bare https: (csp.ts).
      contentSecurityPolicy: cspOptions({ s3Origins, development: env.NODE_ENV === "development", https }),
      strictTransportSecurity: https,
      // The dashboard keeps its reference to the Google OAuth popup it opens. The popup's landing
      // page (google-calendar-worker.ts) sets its own, opener-keeping policy.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    }),
  );
  app.use(compression());
  app.use(decodablePath);
  if (operations) app.use(operations.health);
  if (operations?.metrics && operations.metricsToken) app.use(operations.metrics.route(operations.metricsToken));
  app.use(uploadRoutes({ sql, storage }));

  const createContext = createContextFactory({
    sql,
    auth,
    config: apiConfig(env),
    storage,
    google,
    events,
    webhooks: webhooks ?? noWebhooks(env),
    origin: (req: IncomingMessage) =>
      env.PUBLIC_URL?.replace(/\/$/, "") ?? `${(req as Request).protocol}://${(req as Request).get("host")}`,
    clientIp: (req: IncomingMessage) => (req as Request).ip ?? req.socket.remoteAddress ?? "unknown",
    // An unknown query parameter at the REST door: a 400 naming it, for every operation.
    queryCheck: restQueryCheck(appRouter._def.procedures),
    logger: (req: IncomingMessage) => (req as Request).log ?? logger,
  });
  // Public pages render their data through the same procedures, called in-process with the
  // request's own context (e.g. /gallery's published photos in the page's HTML).
  const createCaller = createCallerFactory(appRouter);
  web?.setPublicApi((req, res) => ({
    gallery: { published: async () => createCaller(await createContext({ req, res })).gallery.published() },
    invitations: { lookup: async (input) => createCaller(await createContext({ req, res })).invitations.lookup(input) },
    onlineBooking: { status: async () => createCaller(await createContext({ req, res })).onlineBooking.status() },
  }));
  const onError = ({
    error,
    path,
    req,
  }: {
    error: { code: string; message: string; cause?: unknown };
    path?: string;
    req: IncomingMessage;
  }) => {
    const log = (req as Request).log ?? logger;
    if (error.code === "INTERNAL_SERVER_ERROR") log.error({ err: error.cause ?? error, path }, "procedure failed");
    else if (isDatabaseUnavailable(error.cause))
      log.warn({ err: error.cause ?? error, path }, "procedure answered 503: the database did not answer");
  };

  // Every 429 of either door carries Retry-After and the RateLimit fields; a 503 asks for a retry soon.
  const responseMeta = ({ errors }: { errors: ReadonlyArray<{ code: string; cause?: unknown }> }) => {
    const headers = errors.map((e) => rateLimitHeadersOf(e)).find((h) => h !== null);
    if (headers) return { headers };
    return errors.some((e) => isDatabaseUnavailable(e.cause)) ? { headers: { "Retry-After": "5" } } : {};
  };

  app.use(["/trpc", "/api"], noStore, knownMethod, csrfGuard(auth, env.ALLOWED_ORIGINS, behindProxy));
  app.use("/trpc", trpcMethodNotAllowed(appRouter._def.procedures), wholeTrpcAnswers, trpcQueryInput, jsonBody("trpc"));
  app.use("/api", jsonBody("rest"));
  app.use(
    "/trpc",
    createExpressMiddleware({
      router: appRouter,
      createContext,
      onError,
      responseMeta,
      maxBodySize: MAX_BODY_BYTES,
      maxBatchSize: MAX_TRPC_BATCH,
    }),
  );

  app.get("/api/openapi.json", (req, res) => {
    res.json(buildOpenApiDocument(env.PUBLIC_URL ?? `${req.protocol}://${req.get("host")}`));
  });
  app.use(apiDocsRouter());
  app.use(calendarFeedRoute({ sql, businessTimeZone: env.BUSINESS_TIME_ZONE }));
  // The homeowner's quote page (/quote/{token}, forms without script) and the quote PDFs.
  app.use(
    quoteRoutes({
      auth,
      createContext,
      allowedOrigins: env.ALLOWED_ORIGINS,
      trustProxy: behindProxy,
      businessTimeZone: env.BUSINESS_TIME_ZONE,
    }),
  );
  // A known path with another method: 405 with Allow (the adapter would answer 404).
  app.use("/api", methodNotAllowed(appRouter._def.procedures));
  // Without a path prefix: every procedure's path already starts with /api. Answers 404 itself.
  // At this door an operation that creates answers 201 (tRPC's protocol keeps 200).
  const procedures = appRouter._def.procedures as unknown as Record<string, Parameters<typeof restSuccessStatus>[0]>;
  const restResponseMeta = (opts: { paths?: readonly string[] | undefined; errors: ReadonlyArray<{ code: string; cause?: unknown }> }) => {
    const [path] = opts.paths ?? [];
    const created = opts.errors.length === 0 && path !== undefined && restSuccessStatus(procedures[path]) === 201;
    return created ? { ...responseMeta(opts), status: 201 } : responseMeta(opts);
  };
  const openApi = createOpenApiExpressMiddleware({
    router: appRouter,
    createContext,
    onError,
    responseMeta: restResponseMeta,
    maxBodySize: MAX_BODY_BYTES,
  });
  app.use("/api", (req, res, next) => {
    // Express strips the mount path; the adapter matches on the full one.
    req.url = req.originalUrl;
    return openApi(req, res).catch(next);
  });

  app.use(googleCallbackRoute({ google, createContext }));
  app.use(leadPhotosRoute({ storage, createContext }));
  app.use(unsubscribeRoutes({ sql }));
  app.use(seoRoutes(env.PUBLIC_URL));
  // Online booking's pages (/book, the manage link /book/{token}): HTML from the server, forms without script.
  app.use(
    bookingRoutes({
      auth,
      createContext,
      allowedOrigins: env.ALLOWED_ORIGINS,
      trustProxy: behindProxy,
      businessTimeZone: env.BUSINESS_TIME_ZONE,
      publicUrl: env.PUBLIC_URL,
      formTokens: web?.formTokens ?? createFormTokens(env.CONTACT_FORM_SECRET),
    }),
  );
  // The dashboard and sign-in pages are what a signed-in and a signed-out visitor see differently.
  app.use(["/admin", "/auth"], (_req, res, next) => {
    res.vary("Cookie");
    next();
  });
  // Contact forms sent before the page's script ran post to their own page (ADR 010).
  if (web) app.use(contactFormPosts({ web, auth, createContext, allowedOrigins: env.ALLOWED_ORIGINS, trustProxy: behindProxy }));
  // So do /auth's Login and Register forms: a POST, never the password in a URL.
  if (web) app.use(authFormPosts({ web, auth, createContext, allowedOrigins: env.ALLOWED_ORIGINS, trustProxy: behindProxy }));
  if (web) app.use(web.handlers);

  app.use((err: Error & { status?: number; type?: string }, req: Request, res: express.Response, _next: express.NextFunction) => {
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) (req.log ?? logger).error({ err }, "unhandled error");
    if (res.headersSent) return;
    res
      .status(status)
      .json(
        status === 500
          ? { message: GENERIC_ERROR_MESSAGE, code: "INTERNAL_SERVER_ERROR" }
          : { message: bodyErrorMessage(err), code: errorCode(status) },
      );
  });
  return app;
}

function errorCode(status: number): string {
  return { 400: "BAD_REQUEST", 408: "TIMEOUT", 413: "PAYLOAD_TOO_LARGE", 415: "UNSUPPORTED_MEDIA_TYPE" }[status] ?? "BAD_REQUEST";
}

function apiConfig(env: Env): ApiConfig {
  return {
    registration: env.REGISTRATION,
    turnstileSecretKey: env.TURNSTILE_SECRET_KEY,
    turnstileVerifyUrl: env.TURNSTILE_VERIFY_URL,
    contactMinElapsedMs: env.CONTACT_MIN_SUBMIT_MS,
    contactRateLimit: env.CONTACT_RATE_LIMIT,
    businessTimeZone: env.BUSINESS_TIME_ZONE,
    mail: { configured: Boolean(env.SMTP_URL), officeEmails: env.OFFICE_NOTIFY_EMAILS },
  };
}
