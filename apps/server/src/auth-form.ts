import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from "express";
import { appRouter, type Context, createCallerFactory, GENERIC_ERROR_MESSAGE, rateLimitHeadersOf } from "@crawlguard/api";
import type { Auth } from "@crawlguard/auth";
import type { AuthFormServerState } from "@crawlguard/validators";
import { CROSS_SITE_FORM_MESSAGE, FORM_UNREADABLE_MESSAGE, fromThisSite } from "./contact-form.js";
import type { WebApp } from "./web.js";

/** The sign-in page: its Login and Register forms post here before the page's script runs. */
export const AUTH_PAGE = "/auth";
/** Where a signed-in person goes (as the page's script does after signing in). */
export const AFTER_SIGN_IN = "/admin";
/** Far above the four short fields of the forms. */
export const MAX_AUTH_FORM_BYTES = 8 * 1024;

const firstValue = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value.find((item) => typeof item === "string") : value;
  return typeof first === "string" ? first : undefined;
};

export interface AuthFormPostsDeps {
  web: WebApp;
  auth: Auth;
  createContext: (opts: { req: IncomingMessage; res: ServerResponse }) => Promise<Context>;
  allowedOrigins: readonly string[];
  /** As the contact form's same-site check takes it (TRUST_PROXY). */
  trustProxy: Parameters<typeof fromThisSite>[3];
}

/**
 * The Login and Register forms of /auth without JavaScript (ADR 017, like the contact form of
 * ADR 010): a form sent before the page's script has loaded posts `application/x-www-form-urlencoded`
 * (never a GET: the password would land in the URL, history and logs) with a hidden `form` field.
 * It goes through the same procedure as /trpc and /api (`auth.login` or `auth.register`: validation,
 * throttling, invitations), after the same-site check of the contact form, and is answered:
 * - signed in: 303 to /admin with the session cookie;
 * - refused: /auth again with the message and the values typed (never the password), with the
 *   procedure's status (400, 401, 403, 409, 429), on the form's own tab.
 */
export function authFormPosts({ web, auth, createContext, allowedOrigins, trustProxy }: AuthFormPostsDeps): Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  const createCaller = createCallerFactory(appRouter);

  const answer = (req: Request, res: express.Response, status: number, state: AuthFormServerState) => {
    res.set("Cache-Control", "no-store");
    return web.renderPage(req, res, status, undefined, state);
  };

  const sameSite: RequestHandler = (req, res, next) => {
    if (fromThisSite(req, auth, allowedOrigins, trustProxy)) return next();
    res.status(403).set("Cache-Control", "no-store").type("text").send(CROSS_SITE_FORM_MESSAGE);
  };

  const urlencoded = express.urlencoded({ extended: false, limit: MAX_AUTH_FORM_BYTES, parameterLimit: 20 });
  const readForm: RequestHandler = (req, res, next) => {
    if (!req.is("application/x-www-form-urlencoded")) {
      return void answer(req, res, 415, { form: formOf(req), message: FORM_UNREADABLE_MESSAGE, email: "" });
    }
    urlencoded(req, res, (err?: unknown) => {
      if (err) return next(err);
      req.body ??= {};
      next();
    });
  };

  const submit: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const text = (name: string) => firstValue(body[name]) ?? "";
    const form = text("form") === "register" ? "register" : "login";
    const kept: AuthFormServerState =
      form === "register"
        ? { form, message: "", email: text("email"), username: text("username"), inviteToken: text("inviteToken") }
        : { form, message: "", email: text("email") };
    try {
      const caller = createCaller(await createContext({ req, res }));
      if (form === "register") {
        const inviteToken = text("inviteToken").trim();
        await caller.auth.register({
          username: text("username"),
          email: text("email"),
          password: text("password"),
          ...(inviteToken ? { inviteToken } : {}),
        });
      } else {
        await caller.auth.login({ email: text("email"), password: text("password") });
      }
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") {
        req.log.error({ err: error }, "sign-in form post failed");
        return answer(req, res, 500, { ...kept, message: GENERIC_ERROR_MESSAGE });
      }
      // A 429 says when to try again, as on /api and /trpc.
      const limited = rateLimitHeadersOf(error);
      if (limited) res.set(limited);
      return answer(req, res, getHTTPStatusCodeFromError(error), { ...kept, message: error.message });
    }
    res.set("Cache-Control", "no-store");
    res.redirect(303, AFTER_SIGN_IN);
  };

  /** A body that cannot be read (too large, bad encoding): the page with a notice, never a 500. */
  const unreadable: ErrorRequestHandler = (err: { status?: number; type?: string }, req, res, next) => {
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : undefined;
    if (!status || res.headersSent) return next(err);
    req.log.info({ type: err.type, status }, "sign-in form post unreadable");
    void answer(req, res, status, { form: formOf(req), message: FORM_UNREADABLE_MESSAGE, email: "" });
  };

  router.post(AUTH_PAGE, sameSite, readForm, submit, unreadable);
  return router;
}

/** The form a post came from when its body could not be read: the Register form posts to its tab. */
function formOf(req: Request): AuthFormServerState["form"] {
  return req.query["tab"] === "register" ? "register" : "login";
}
