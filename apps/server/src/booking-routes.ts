import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from "express";
import {
  appRouter,
  BOOKING_FORM_FIELDS,
  BOT_TRAP_FIELD,
  type BookingFormValues,
  type BookPageState,
  type Context,
  createCallerFactory,
  type FieldIssue,
  FORM_TOKEN_FIELD,
  GENERIC_ERROR_MESSAGE,
  type ManagePageState,
  rateLimitHeadersOf,
  renderBookedPage,
  renderBookingNotFound,
  renderBookPage,
  renderManagePage,
} from "@crawlguard/api";
import type { Auth } from "@crawlguard/auth";
import { FORM_EXPIRED_MESSAGE, FORM_MAX_AGE_MS, fromThisSite } from "./contact-form.js";
import { cspNonce } from "./csp.js";
import type { FormTokens } from "./form-tokens.js";

/*
 * Online booking's pages (docs/product.md "Online booking", ADR 036): /book and the manage link
 * /book/{token}, HTML rendered by packages/api/src/online-booking from the answers of the
 * onlineBooking procedures, called in-process with the request's own context (the same rules,
 * limits, events and errors as both doors). Every form posts back here, so nothing needs
 * JavaScript; a refused post shows the page again with the reason and what was typed, a move or a
 * cancellation redirects (303) to the manage page so a refresh never posts twice.
 */

/** Far above the booking form's fields (the longest, the message, is 2000 characters). */
const MAX_FORM_BYTES = 32 * 1024;
const CROSS_SITE_MESSAGE = "Cross-site form submission refused: book from this site's own page.";
const UNREADABLE_MESSAGE = "Your booking could not be read. Please try again.";
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface BookingRoutesDeps {
  auth: Auth;
  createContext: (opts: { req: IncomingMessage; res: ServerResponse }) => Promise<Context>;
  allowedOrigins: readonly string[];
  trustProxy: boolean;
  businessTimeZone: string;
  /** PUBLIC_URL: the canonical URL's origin (else the address the request came to). */
  publicUrl: string | undefined;
  /** Signs the time the booking form was shown (the contact form's check of time to submit). */
  formTokens: FormTokens;
}

/** The manage page's headers: kept by nobody but this browser, never indexed, no link leaked as a referrer. */
function privatePage(res: Response): void {
  res.set({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" });
}

const first = (value: unknown): string | undefined => {
  const v = Array.isArray(value) ? value.find((item) => typeof item === "string") : value;
  return typeof v === "string" ? v : undefined;
};

/** A procedure's refusal as a status, a message and the fields it names; null for anything else. */
function refusal(error: unknown): { status: number; message: string; issues: FieldIssue[]; error: TRPCError } | null {
  if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") return null;
  const issues = (error.cause as { issues?: FieldIssue[] } | undefined)?.issues;
  return { status: getHTTPStatusCodeFromError(error), message: error.message, issues: Array.isArray(issues) ? issues : [], error };
}

export function bookingRoutes(deps: BookingRoutesDeps): Router {
  const { auth, createContext, allowedOrigins, trustProxy, businessTimeZone: zone, formTokens } = deps;
  const router = express.Router({ strict: true, caseSensitive: true });
  const createCaller = createCallerFactory(appRouter);
  const caller = async (req: Request, res: Response) => createCaller(await createContext({ req, res }));
  const publicUrlOf = (req: Request) => (deps.publicUrl ?? `${req.protocol}://${req.get("host")}`).replace(/\/$/, "");

  const html = (res: Response, status: number, page: string) => res.status(status).type("html").send(page);

  /** /book in the state given, with a fresh signed form time. */
  const bookPage = (req: Request, res: Response, status: number, state: Omit<BookPageState, "formToken">) => {
    res.set("Cache-Control", "no-store");
    const page = renderBookPage({
      state: { ...state, formToken: formTokens.issue("booking-form-shown") },
      zone,
      nonce: cspNonce(res),
      publicUrl: publicUrlOf(req),
    });
    html(res, status, page);
  };

  /** The windows for a zip code, or the page state that says why there are none. */
  const windowsFor = async (
    req: Request,
    res: Response,
    zipCode: string,
  ): Promise<{ state: Omit<BookPageState, "formToken">; status: number }> => {
    try {
      const { windows } = await (await caller(req, res)).onlineBooking.windows({ zipCode });
      return { state: { enabled: true, zipCode, windows }, status: 200 };
    } catch (error) {
      const refused = refusal(error);
      if (!refused) throw error;
      if (refused.status === 404) return { state: { enabled: false }, status: 200 };
      if (refused.status === 422)
        return { state: { enabled: true, zipCode, notice: { kind: "error", text: refused.message } }, status: 422 };
      const zipError = refused.issues.find((i) => i.path === "zipCode")?.message ?? refused.message;
      return { state: { enabled: true, zipCode, errors: { zipCode: zipError } }, status: refused.status };
    }
  };

  router.get("/book", async (req, res, next) => {
    try {
      const zipCode = first(req.query.zipCode)?.trim();
      if (zipCode === undefined) {
        const { enabled } = await (await caller(req, res)).onlineBooking.status();
        return bookPage(req, res, 200, { enabled });
      }
      const { state, status } = await windowsFor(req, res, zipCode);
      bookPage(req, res, status, state);
    } catch (error) {
      next(error);
    }
  });

  const sameSite: RequestHandler = (req, res, next) => {
    if (fromThisSite(req, auth, allowedOrigins, trustProxy)) return next();
    res.status(403).set("Cache-Control", "no-store").type("text").send(CROSS_SITE_MESSAGE);
  };
  const urlencoded = express.urlencoded({ extended: false, limit: MAX_FORM_BYTES, parameterLimit: 50 });

  router.post("/book", sameSite, urlencoded, async (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const values: BookingFormValues = {};
    for (const name of BOOKING_FORM_FIELDS) values[name] = (first(body[name]) ?? "").replace(/\r\n?/g, "\n");
    values.windowStart = first(body.windowStart) ?? "";
    /** The page again, with the windows for the zip code typed and what was typed. */
    const again = async (status: number, extra: Pick<BookPageState, "errors" | "notice">) => {
      const listed = await windowsFor(req, res, values.zipCode?.trim() ?? "");
      const state = listed.state.windows
        ? { ...listed.state, values, ...extra }
        : { ...listed.state, notice: extra.notice ?? listed.state.notice };
      bookPage(req, res, status, state);
    };
    try {
      const shown = formTokens.verify("booking-form-shown", first(body[FORM_TOKEN_FIELD]), FORM_MAX_AGE_MS);
      if (!shown.ok) {
        req.log.info({ reason: shown.reason }, "booking form post without a valid form token");
        return await again(400, { notice: { kind: "error", text: FORM_EXPIRED_MESSAGE } });
      }
      if (!values.windowStart) return await again(400, { errors: { windowStart: "Choose an arrival window" } });
      const message = values.message?.trim();
      const result = await (
        await caller(req, res)
      ).onlineBooking.book({
        name: values.name ?? "",
        email: values.email ?? "",
        phone: values.phone ?? "",
        address: values.address ?? "",
        zipCode: values.zipCode ?? "",
        service: values.service ?? "",
        windowStart: values.windowStart,
        ...(message ? { message } : {}),
        botTrap: first(body[BOT_TRAP_FIELD]) || undefined,
        elapsedMs: Math.round(shown.ageMs),
      });
      res.set("Cache-Control", "no-store");
      html(res, 201, renderBookedPage({ result, nonce: cspNonce(res), publicUrl: publicUrlOf(req) }));
    } catch (error) {
      const refused = refusal(error);
      if (!refused) {
        req.log.error({ err: error }, "booking form post failed");
        return void (await again(500, { notice: { kind: "error", text: GENERIC_ERROR_MESSAGE } }).catch(next));
      }
      const limited = rateLimitHeadersOf(refused.error);
      if (limited) res.set(limited);
      if (refused.status === 400 && refused.issues.length > 0) {
        const errors: NonNullable<BookPageState["errors"]> = {};
        const other: string[] = [];
        for (const { path, message } of refused.issues) {
          if ((BOOKING_FORM_FIELDS as readonly string[]).includes(path) || path === "windowStart")
            errors[path as keyof typeof errors] ??= message;
          else other.push(message);
        }
        return void (await again(400, { errors, ...(other.length ? { notice: { kind: "error", text: other.join(" ") } } : {}) }).catch(
          next,
        ));
      }
      const withPhone = refused.status === 409;
      await again(refused.status, { notice: { kind: "error", text: refused.message, withPhone } }).catch(next);
    }
  });

  // ---------------------------------------------------------------------------------------------
  // The manage link

  const notFound = (req: Request, res: Response, message: string) => {
    privatePage(res);
    html(res, 404, renderBookingNotFound({ message, nonce: cspNonce(res), publicUrl: publicUrlOf(req) }));
  };

  /** The manage page as the booking stands, with the windows it may move to. */
  const managePage = async (req: Request, res: Response, status: number, state: ManagePageState = {}) => {
    const token = req.params.token as string;
    const procedures = (await caller(req, res)).onlineBooking;
    let booking;
    try {
      booking = await procedures.view({ token });
    } catch (error) {
      const refused = refusal(error);
      if (refused && (refused.status === 404 || refused.status === 400))
        return notFound(req, res, "This booking link is not valid. Check the link in your confirmation e-mail.");
      throw error;
    }
    let listed: Pick<ManagePageState, "windows" | "windowsNote"> = {};
    if (booking.status === "booked" && booking.zipCode) {
      try {
        listed = { windows: (await procedures.windows({ zipCode: booking.zipCode })).windows.filter((w) => w.start !== booking.start) };
      } catch (error) {
        const refused = refusal(error);
        if (!refused) throw error;
        listed = {
          windowsNote: refused.status === 404 ? "Online booking isn't available right now." : "We can't offer other times online.",
        };
      }
    }
    privatePage(res);
    html(
      res,
      status,
      renderManagePage({ booking, token, zone, nonce: cspNonce(res), publicUrl: publicUrlOf(req), state: { ...listed, ...state } }),
    );
  };

  const NOTICES: Record<string, ManagePageState["notice"]> = {
    moved: { kind: "done", text: "Your booking has moved. We've e-mailed you the new time." },
    cancelled: { kind: "done", text: "Your booking is cancelled. We've e-mailed you to confirm." },
  };

  router.get("/book/:token", async (req, res, next) => {
    if (!TOKEN_SHAPE.test(req.params.token))
      return notFound(req, res, "This booking link is not valid. Check the link in your confirmation e-mail.");
    const done = first(req.query.done);
    await managePage(req, res, 200, { notice: done ? NOTICES[done] : undefined }).catch(next);
  });

  /** A move or a cancellation: 303 to the manage page once made; the page with the reason when refused. */
  const change =
    (kind: "moved" | "cancelled"): RequestHandler =>
    async (req, res, next) => {
      const token = req.params.token as string;
      const windowStart = first((req.body as Record<string, unknown> | undefined)?.windowStart) ?? "";
      try {
        const procedures = (await caller(req, res)).onlineBooking;
        if (kind === "moved") {
          if (!windowStart) return await managePage(req, res, 400, { error: "Choose the time to move it to" });
          await procedures.reschedule({ token, windowStart });
        } else {
          await procedures.cancel({ token });
        }
        res.set("Cache-Control", "no-store");
        res.redirect(303, `/book/${encodeURIComponent(token)}?done=${kind}`);
      } catch (error) {
        const refused = refusal(error);
        if (!refused) {
          req.log.error({ err: error }, "booking change failed");
          return void (await managePage(req, res, 500, { notice: { kind: "error", text: GENERIC_ERROR_MESSAGE } }).catch(next));
        }
        if (refused.status === 404 && refused.message.startsWith("This booking link")) return notFound(req, res, refused.message);
        await managePage(req, res, refused.status, { checked: windowStart, notice: { kind: "error", text: refused.message } }).catch(next);
      }
    };

  router.post("/book/:token/reschedule", sameSite, urlencoded, change("moved"));
  router.post("/book/:token/cancel", sameSite, urlencoded, change("cancelled"));

  /** A body that cannot be read (too large, a bad encoding): the page with a notice, never a 500. */
  const unreadable: ErrorRequestHandler = (err: { status?: number }, req, res, next) => {
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : undefined;
    if (!status || res.headersSent || !req.path.startsWith("/book")) return next(err);
    const text = UNREADABLE_MESSAGE;
    if (req.path === "/book") return bookPage(req, res, status, { enabled: true, notice: { kind: "error", text } });
    void managePage(req, res, status, { notice: { kind: "error", text } }).catch(next);
  };
  router.use(unreadable);
  return router;
}
