import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from "express";
import {
  appRouter,
  CONTACT_SUCCESS_MESSAGE,
  type Context,
  createCallerFactory,
  type FieldIssue,
  GENERIC_ERROR_MESSAGE,
  rateLimitHeadersOf,
} from "@crawlguard/api";
import type { Auth } from "@crawlguard/auth";
import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_PARAM_MAX as MAX_PARAM,
  ATTRIBUTION_URL_MAX as MAX_URL,
  type Attribution,
  type ContactFormOutcome,
  type ContactFormServerState as ContactFormState,
  type ContactValues,
  UTM_PARAMS,
} from "@crawlguard/validators";
import { fromThisOrigin } from "./csrf.js";
import type { FormTokens } from "./form-tokens.js";

/**
 * What the script-less posts need of the web app. web.ts's WebApp is one; it is declared here, not
 * imported, so that web.ts → contact-form.ts stays one way (no import circles).
 */
export interface ContactFormWeb {
  renderPage(req: Request, res: Response, status: number, contactForm: ContactFormState | undefined): Promise<void>;
  /** Signed times for contact forms (form-tokens.ts). */
  formTokens: FormTokens;
}

/**
 * The pages whose HTML carries a contact form (apps/web: the compact form on the home page, the
 * full one on /contact). A script-less submission posts to its own page; the web app's form
 * takes its `action` from the page's path. contact-form.api.test.ts checks the two agree.
 */
export const CONTACT_FORM_PAGES = ["/", "/contact"] as const;

/** Far above anything a person types into the form (the longest field, the message, is 5000 characters). */
export const MAX_FORM_BYTES = 64 * 1024;
/** How long a rendered form stays valid; an older one is answered "expired" with the values kept. */
export const FORM_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How long the "sent" link shows the success notice (a refresh, a back-and-forth). */
export const SENT_NOTICE_MAX_AGE_MS = 10 * 60 * 1000;

export const FORM_TOKEN_FIELD = "formToken";
const SENT_PARAM = "sent";

export const FORM_EXPIRED_MESSAGE = "This form has expired. Please check your details and send it again.";
export const FORM_TOO_LARGE_MESSAGE = "Your message is too long to send. Please shorten it and try again.";
export const FORM_UNREADABLE_MESSAGE = "Your message could not be read. Please try again.";
export const CROSS_SITE_FORM_MESSAGE = "Cross-site form submission refused: send the form from this site's own page.";

const VALUE_FIELDS = ["name", "email", "phone", "address", "zipCode", "service", "message"] as const satisfies ReadonlyArray<
  keyof ContactValues
>;
type AttributionField = keyof Attribution;

/** Control characters (except tab and newlines) and lone surrogates: never typed, refused by the schema. */
const UNTYPABLE = /\p{Cs}|(?![\t\n\r])\p{Cc}/u;
const UNTYPABLE_ALL = new RegExp(UNTYPABLE.source, "gu");

type FieldErrors = Partial<Record<keyof ContactValues, string>>;

export function isContactFormPage(path: string): boolean {
  return (CONTACT_FORM_PAGES as readonly string[]).includes(path);
}

const firstValue = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value.find((item) => typeof item === "string") : value;
  return typeof first === "string" ? first : undefined;
};

/**
 * What the request's page view tells about the visit, as the browser's first-touch capture would
 * (apps/web/src/lib/attribution.ts): the landing page, its UTM parameters, an external referrer.
 * Values a person could not have produced are left out rather than sent back to be refused.
 */
function attributionOf(req: Request): Attribution {
  const url = new URL(req.originalUrl, "http://page.invalid");
  url.searchParams.delete(SENT_PARAM);
  const attribution: Attribution = {};
  const keep = (field: AttributionField, value: string | undefined, max: number) => {
    const trimmed = value?.trim();
    if (trimmed && !UNTYPABLE.test(trimmed)) attribution[field] = trimmed.slice(0, max);
  };
  keep("landingPage", `${url.pathname}${url.search}`, MAX_URL);
  for (const [param, field] of Object.entries(UTM_PARAMS)) keep(field, url.searchParams.get(param) ?? undefined, MAX_PARAM);
  const referrer = req.get("referer");
  if (referrer) {
    try {
      if (new URL(referrer).host !== req.get("host")) keep("referrer", referrer, MAX_URL);
    } catch {
      // Not a URL: nothing to record.
    }
  }
  return attribution;
}

/** What a GET of a page tells its contact form: a fresh signed time, the attribution and, after a submission, the success notice. */
export function contactFormStateFor(req: Request, tokens: FormTokens): ContactFormState | undefined {
  if (!isContactFormPage(req.path)) return undefined;
  const sent = tokens.verify("contact-form-sent", firstValue(req.query[SENT_PARAM]), SENT_NOTICE_MAX_AGE_MS);
  return {
    path: req.path,
    token: tokens.issue("contact-form-shown"),
    attribution: attributionOf(req),
    ...(sent.ok ? { outcome: { sent: true, message: CONTACT_SUCCESS_MESSAGE } } : {}),
  };
}

/**
 * A form post from this site's own page: `Sec-Fetch-Site: same-origin`, or an Origin of this
 * host (or ALLOWED_ORIGINS). Browsers send one of the two with every form post (the pages' own
 * `Referrer-Policy: no-referrer` makes Chromium send `Origin: null`, but with Sec-Fetch-Site).
 * Stricter than the CSRF guard of /api and /trpc, which only looks at requests with the session
 * cookie: another site's page may not post leads through a visitor's browser either. A request
 * with neither header (not a browser) is accepted only without the session cookie, as there.
 */
export function fromThisSite(req: Request, auth: Auth, allowedOrigins: readonly string[], trustProxy: boolean): boolean {
  if (fromThisOrigin(req, allowedOrigins, trustProxy)) return true;
  const origin = req.get("origin");
  if ((origin && origin !== "null") || req.get("sec-fetch-site")) return false;
  return !auth.readToken(req.headers.cookie);
}

/** The form's values as sent, kept to show them again: newlines as typed, untypable characters visible as U+FFFD. */
function typedValues(body: Record<string, unknown>): ContactValues {
  const values = {} as ContactValues;
  for (const field of VALUE_FIELDS) values[field] = (firstValue(body[field]) ?? "").replace(/\r\n?/g, "\n");
  return values;
}

function shown(values: ContactValues): ContactValues {
  const clean = {} as ContactValues;
  for (const field of VALUE_FIELDS) clean[field] = values[field].replace(UNTYPABLE_ALL, "\uFFFD");
  return clean;
}

/** Field errors the form shows next to its fields, and the other issues (hidden fields) as one sentence. */
function issuesOf(error: TRPCError): { errors: FieldErrors; other: string[] } {
  const errors: FieldErrors = {};
  const other: string[] = [];
  // A bad input's DomainError (@crawlguard/api) names each field it refuses.
  const issues = (error.cause as { issues?: FieldIssue[] } | undefined)?.issues;
  if (!Array.isArray(issues)) return { errors, other: [error.message] };
  for (const { path, message } of issues) {
    if ((VALUE_FIELDS as readonly string[]).includes(path)) errors[path as keyof ContactValues] ??= message;
    else other.push(`${path}: ${message}`);
  }
  return { errors, other };
}

export interface ContactFormPostsDeps {
  web: ContactFormWeb;
  auth: Auth;
  createContext: (opts: { req: IncomingMessage; res: ServerResponse }) => Promise<Context>;
  allowedOrigins: readonly string[];
  trustProxy: boolean;
}

/**
 * The contact form without JavaScript (a defect the outside fuzzer found): a form sent before the page's script
 * has loaded posts `application/x-www-form-urlencoded` to its own page. The submission goes through
 * the `contact.submit` procedure (one caller, same context as /trpc: validation, honeypot,
 * time-to-submit, Turnstile, per-IP limit, duplicates) and is answered with the page:
 * - sent (or silently dropped as spam, which looks the same): 303 to the page with a signed
 *   `?sent=` link that shows the success notice, so a refresh does not send it again;
 * - refused: the page with the notice and the values kept, status 400 (invalid, bot check,
 *   expired form), 429 (rate limit), 503 (bot check unavailable), 413/415 (unreadable body).
 * Other media types (multipart) are 415: the form never sends them.
 */
export function contactFormPosts({ web, auth, createContext, allowedOrigins, trustProxy }: ContactFormPostsDeps): Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  const createCaller = createCallerFactory(appRouter);
  const tokens = web.formTokens;

  const answer = (req: Request, res: Response, status: number, outcome: ContactFormOutcome, attribution: Attribution) => {
    res.set("Cache-Control", "no-store");
    return web.renderPage(req, res, status, {
      path: req.path,
      token: tokens.issue("contact-form-shown"),
      attribution,
      outcome,
    });
  };

  const sameSite: RequestHandler = (req, res, next) => {
    if (fromThisSite(req, auth, allowedOrigins, trustProxy)) return next();
    res.status(403).set("Cache-Control", "no-store").type("text").send(CROSS_SITE_FORM_MESSAGE);
  };

  const urlencoded = express.urlencoded({ extended: false, limit: MAX_FORM_BYTES, parameterLimit: 100 });
  const readForm: RequestHandler = (req, res, next) => {
    const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (!hasBody) {
      req.body = {};
      return next();
    }
    if (!req.is("application/x-www-form-urlencoded")) {
      return void answer(req, res, 415, { sent: false, values: shown(typedValues({})), errors: {}, message: FORM_UNREADABLE_MESSAGE }, {});
    }
    urlencoded(req, res, (err?: unknown) => {
      if (err) return next(err);
      req.body ??= {};
      next();
    });
  };

  const submit: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const field = (name: string) => firstValue(body[name])?.trim() || undefined;
    const values = typedValues(body);
    const attribution: Attribution = {};
    for (const name of ATTRIBUTION_FIELDS) {
      const value = field(name);
      if (value !== undefined) attribution[name] = value;
    }
    const refuse = (status: number, errors: FieldErrors, message?: string) =>
      answer(
        req,
        res,
        status,
        { sent: false, values: shown(values), errors, ...(message ? { message } : {}) },
        attributionShown(attribution),
      );

    const shownFor = tokens.verify("contact-form-shown", field(FORM_TOKEN_FIELD), FORM_MAX_AGE_MS);
    if (!shownFor.ok) {
      req.log.info({ reason: shownFor.reason }, "contact form post without a valid form token");
      return refuse(400, {}, FORM_EXPIRED_MESSAGE);
    }

    try {
      const ctx = await createContext({ req, res });
      await createCaller(ctx).contact.submit({
        ...values,
        ...attribution,
        botTrap: firstValue(body["website"]) || undefined,
        elapsedMs: Math.round(shownFor.ageMs),
        turnstileToken: field("cf-turnstile-response"),
      });
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") {
        req.log.error({ err: error }, "contact form post failed");
        return refuse(500, {}, GENERIC_ERROR_MESSAGE);
      }
      const status = getHTTPStatusCodeFromError(error);
      const limited = rateLimitHeadersOf(error);
      if (limited) res.set(limited);
      if (error.code === "BAD_REQUEST") {
        const { errors, other } = issuesOf(error);
        return refuse(status, errors, other.length ? other.join("; ") : undefined);
      }
      return refuse(status, {}, error.message);
    }
    res.set("Cache-Control", "no-store");
    res.redirect(303, `${req.path}?${SENT_PARAM}=${tokens.issue("contact-form-sent")}`);
  };

  /** A body that cannot be read (too large, bad charset or encoding, cut off): the page with a notice, never a 500. */
  const unreadable: ErrorRequestHandler = (err: { status?: number; type?: string }, req, res, next) => {
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : undefined;
    if (!status || res.headersSent) return next(err);
    req.log.info({ type: err.type, status }, "contact form post unreadable");
    const message = status === 413 ? FORM_TOO_LARGE_MESSAGE : FORM_UNREADABLE_MESSAGE;
    void answer(req, res, status, { sent: false, values: shown(typedValues({})), errors: {}, message }, {});
  };

  router.post([...CONTACT_FORM_PAGES], sameSite, readForm, submit, unreadable);
  return router;
}

/** Attribution sent back in hidden fields: only values the schema accepts, so a second try is not refused for them. */
function attributionShown(attribution: Attribution): Attribution {
  const clean: Attribution = {};
  for (const [name, value] of Object.entries(attribution) as Array<[AttributionField, string]>) {
    const max = name === "referrer" || name === "landingPage" ? MAX_URL : MAX_PARAM;
    if (!UNTYPABLE.test(value) && value.length <= max) clean[name] = value;
  }
  return clean;
}
