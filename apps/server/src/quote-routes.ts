import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from "express";
import {
  appRouter,
  type Context,
  createCallerFactory,
  type FieldIssue,
  GENERIC_ERROR_MESSAGE,
  renderQuoteNotFound,
  renderQuotePage,
  type QuotePageState,
} from "@crawlguard/api";
import type { Auth } from "@crawlguard/auth";
import { fromThisSite } from "./contact-form.js";
import { cspNonce } from "./csp.js";

/*
 * What the quote procedures cannot answer as JSON (docs/product.md "Quotes"):
 * - the homeowner's page /quote/{token}: HTML rendered here from `clientQuotes.get`, whose forms
 *   post back to it (no JavaScript needed): approve, request changes, recalculate the total with
 *   the add-ons ticked. Refused posts show the page again with the reason and what was typed;
 *   accepted ones redirect (303) to the page, so a refresh never posts twice.
 * - the PDFs: GET /api/quotes/{id}/pdf (staff, API keys) and GET /api/client/quotes/{token}/pdf
 *   (the link's holder), the bytes of `quotes.pdf` / `clientQuotes.pdf`.
 * Every call goes through the procedures, with the request's own context: the same permissions,
 * events and errors as both doors.
 */

/** Far above a name, a message and a hundred add-on ids. */
const MAX_FORM_BYTES = 32 * 1024;
const CHANGES_RECEIVED = "Thank you: we received your request for changes and will send you a revised quote.";
const CROSS_SITE_MESSAGE = "Cross-site form submission refused: answer the quote from its own page.";

export interface QuoteRoutesDeps {
  auth: Auth;
  createContext: (opts: { req: IncomingMessage; res: ServerResponse }) => Promise<Context>;
  allowedOrigins: readonly string[];
  trustProxy: boolean;
  businessTimeZone: string;
}

/** The page's headers: never cached by anyone but this browser, never indexed, no link leaked as a referrer. */
function privatePage(res: Response): void {
  res.set({
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
  });
}

const values = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string" && v.length > 0);
const first = (value: unknown) => values(value)[0];

/** A procedure's refusal as a status, a message and the fields it names. */
function refusal(error: unknown): { status: number; message: string; issues: FieldIssue[] } | null {
  if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") return null;
  const issues = (error.cause as { issues?: FieldIssue[] } | undefined)?.issues;
  return { status: getHTTPStatusCodeFromError(error), message: error.message, issues: Array.isArray(issues) ? issues : [] };
}

export function quoteRoutes({ auth, createContext, allowedOrigins, trustProxy, businessTimeZone }: QuoteRoutesDeps): Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  const createCaller = createCallerFactory(appRouter);
  const caller = async (req: Request, res: Response) => createCaller(await createContext({ req, res }));

  const notFound = (res: Response, message: string) => {
    privatePage(res);
    res
      .status(404)
      .type("html")
      .send(renderQuoteNotFound({ nonce: cspNonce(res), message }));
  };

  /** The page as the quote stands, with what a refused or recalculated post carries. */
  const page = async (req: Request, res: Response, status: number, state?: QuotePageState) => {
    const token = req.params.token as string;
    try {
      const quote = await (await caller(req, res)).clientQuotes.get({ token });
      privatePage(res);
      res
        .status(status)
        .type("html")
        .send(renderQuotePage({ quote, token, nonce: cspNonce(res), timeZone: businessTimeZone, state }));
    } catch (error) {
      const refused = refusal(error);
      if (refused?.status === 404) return notFound(res, refused.message);
      throw error;
    }
  };

  router.get("/quote/:token", async (req, res, next) => {
    // After "Request changes" (a redirect here): thanks, once in the page's words.
    const state: QuotePageState | undefined =
      req.query.changes === "sent" ? { notice: { kind: "info", text: CHANGES_RECEIVED } } : undefined;
    await page(req, res, 200, state).catch(next);
  });

  const sameSite: RequestHandler = (req, res, next) => {
    if (fromThisSite(req, auth, allowedOrigins, trustProxy)) return next();
    res.status(403).set("Cache-Control", "no-store").type("text").send(CROSS_SITE_MESSAGE);
  };
  const urlencoded = express.urlencoded({ extended: false, limit: MAX_FORM_BYTES, parameterLimit: 200 });

  router.post("/quote/:token", sameSite, urlencoded, async (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = req.params.token as string;
    const intent = first(body.intent);
    const checked = values(body.addOn);
    const signedName = first(body.signedName) ?? "";
    const message = first(body.message) ?? "";
    try {
      if (intent === "recalculate") return await page(req, res, 200, { checked, signedName });
      const procedures = (await caller(req, res)).clientQuotes;
      if (intent === "approve") await procedures.approve({ token, signedName, acceptedOptionalLineIds: checked });
      else if (intent === "changes") await procedures.requestChanges({ token, message });
      else
        return await page(req, res, 400, {
          checked,
          signedName,
          notice: { kind: "error", text: "Choose Approve quote or Request changes." },
        });
      res.set("Cache-Control", "no-store");
      res.redirect(303, `/quote/${encodeURIComponent(token)}${intent === "changes" ? "?changes=sent" : ""}`);
    } catch (error) {
      const refused = refusal(error);
      if (!refused) {
        req.log.error({ err: error }, "quote page post failed");
        return void (await page(req, res, 500, {
          checked,
          signedName,
          message,
          notice: { kind: "error", text: GENERIC_ERROR_MESSAGE },
        }).catch(next));
      }
      if (refused.status === 404) return notFound(res, refused.message);
      const errors: NonNullable<QuotePageState["errors"]> = {};
      for (const issue of refused.issues) {
        if (issue.path === "signedName") errors.signedName ??= issue.message;
        else if (issue.path === "message") errors.message ??= issue.message;
        else if (issue.path.startsWith("acceptedOptionalLineIds")) errors.addOns ??= "One of the add-ons ticked is not part of this quote.";
      }
      const notice = Object.keys(errors).length > 0 ? undefined : { kind: "error" as const, text: refused.message };
      await page(req, res, refused.status, { checked, signedName, message, errors, notice }).catch(next);
    }
  });

  /** A body that cannot be read (too large, a bad encoding): the page with a notice, never a 500. */
  const unreadable: ErrorRequestHandler = (err: { status?: number }, req, res, next) => {
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : undefined;
    if (!status || res.headersSent || !req.path.startsWith("/quote/")) return next(err);
    void page(req, res, status, { notice: { kind: "error", text: "Your answer could not be read. Please try again." } }).catch(next);
  };
  router.use(unreadable);

  const pdf =
    (read: (req: Request, res: Response) => Promise<{ filename: string; base64: string }>): RequestHandler =>
    async (req, res, next) => {
      try {
        const { filename, base64 } = await read(req, res);
        res
          .status(200)
          .type("application/pdf")
          .set({ "Content-Disposition": `inline; filename="${filename}"`, "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" })
          .send(Buffer.from(base64, "base64"));
      } catch (error) {
        const refused = refusal(error);
        if (!refused) return next(error);
        res.status(refused.status).json({ message: refused.message, code: (error as TRPCError).code });
      }
    };
  router.get(
    "/api/quotes/:id/pdf",
    pdf(async (req, res) => (await caller(req, res)).quotes.pdf({ id: req.params.id as string })),
  );
  router.get(
    "/api/client/quotes/:token/pdf",
    pdf(async (req, res) => (await caller(req, res)).clientQuotes.pdf({ token: req.params.token as string })),
  );
  return router;
}
