import { setTimeout as sleep } from "node:timers/promises";
import { type WriteContext } from "./calendar-store.js";
import { type EmulatorCore } from "./core.js";
import { calendarError, type HttpError } from "./errors.js";
import { type FailureStatus } from "./faults.js";
import { eventPage, missingEventPage } from "./html.js";
import { bearerToken, readJson, sendHtml, sendJson, sendNoContent, type RequestContext } from "./http.js";
import { type AccessToken } from "./oauth-store.js";
import { CALENDAR_READ_SCOPES, EVENT_READ_SCOPES, EVENT_WRITE_SCOPES } from "./scopes.js";

/** `/calendar/v3/calendars/{calendarId}[/events[/{eventId}]]` */
const CALENDAR_PATH = /^\/calendar\/v3\/calendars\/([^/]+)(\/events(?:\/([^/]+))?)?$/;
const SEND_UPDATES: readonly string[] = ["all", "externalOnly", "none"];
const SIGN_IN_HELP =
  "Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.";
const INVALID_TOKEN_HEADER = { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' };

const notFound = () => calendarError(404, "notFound", "Not Found");

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw notFound();
  }
}

/** The error a planned failure answers with, in the shape Google uses for it. */
function plannedFailure(status: FailureStatus): HttpError {
  if (status === 500) return calendarError(500, "backendError", "Backend Error");
  if (status === 503) return calendarError(503, "backendError", "The service is currently unavailable.", { status: "UNAVAILABLE" });
  return calendarError(status, "rateLimitExceeded", "Rate Limit Exceeded", { domain: "usageLimits" });
}

/** The live access token of the request, holding one of `scopes`; 401 or 403 in Google's shape otherwise. */
function authorize(core: EmulatorCore, ctx: RequestContext, scopes: string[]): AccessToken {
  const presented = bearerToken(ctx.req);
  if (!presented) {
    throw calendarError(401, "required", `Request is missing required authentication credential. ${SIGN_IN_HELP}`, {
      itemMessage: "Login Required.",
      location: "Authorization",
      locationType: "header",
      status: "UNAUTHENTICATED",
      headers: INVALID_TOKEN_HEADER,
    });
  }
  const token = core.oauth.authenticate(presented);
  if (!token) {
    throw calendarError(401, "authError", `Request had invalid authentication credentials. ${SIGN_IN_HELP}`, {
      itemMessage: "Invalid Credentials",
      location: "Authorization",
      locationType: "header",
      status: "UNAUTHENTICATED",
      headers: INVALID_TOKEN_HEADER,
    });
  }
  if (!token.scopes.some((s) => scopes.includes(s))) {
    throw calendarError(403, "insufficientPermissions", "Request had insufficient authentication scopes.", {
      itemMessage: "Insufficient Permission",
      status: "PERMISSION_DENIED",
      headers: {
        "www-authenticate": `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${scopes.join(" ")}"`,
      },
    });
  }
  return token;
}

function sendUpdatesOf(query: URLSearchParams): string | null {
  const value = query.get("sendUpdates");
  if (value !== null && !SEND_UPDATES.includes(value)) {
    throw calendarError(400, "invalid", `Invalid value for sendUpdates: ${value}`, { location: "sendUpdates", locationType: "parameter" });
  }
  return value;
}

/**
 * Everything under /calendar/v3: calendars.get and events insert/get/list/update/patch/delete.
 * Faults apply first (latency, then a planned failure), then the access token is checked.
 */
export async function handleCalendar(core: EmulatorCore, ctx: RequestContext): Promise<void> {
  const { latencyMs } = core.faults.get();
  if (latencyMs > 0) await sleep(latencyMs);
  const failure = core.faults.takeCalendarFailure();
  if (failure !== null) throw plannedFailure(failure);

  const match = CALENDAR_PATH.exec(ctx.url.pathname);
  const method = ctx.req.method ?? "GET";
  if (!match?.[1]) throw notFound();
  const [, rawCalendarId, eventsPath, rawEventId] = match;
  const query = ctx.url.searchParams;
  const { res } = ctx;

  if (!eventsPath) {
    if (method !== "GET") throw notFound();
    const token = authorize(core, ctx, CALENDAR_READ_SCOPES);
    const calendarId = decodeSegment(rawCalendarId);
    return sendJson(res, 200, core.calendars.calendar(calendarId === "primary" ? token.account : calendarId));
  }

  const token = authorize(core, ctx, method === "GET" ? EVENT_READ_SCOPES : EVENT_WRITE_SCOPES);
  const requested = decodeSegment(rawCalendarId);
  const calendarId = requested === "primary" ? token.account : requested;
  const write = (): WriteContext => ({ account: token.account, baseUrl: core.baseUrl, sendUpdates: sendUpdatesOf(query) });

  if (rawEventId === undefined) {
    if (method === "GET") return sendJson(res, 200, core.calendars.list(calendarId, query));
    if (method === "POST") return sendJson(res, 200, core.calendars.insert(calendarId, await readJson(ctx.req), write()));
    throw notFound();
  }
  const eventId = decodeSegment(rawEventId);
  switch (method) {
    case "GET":
      return sendJson(res, 200, core.calendars.get(calendarId, eventId));
    case "PUT":
      return sendJson(res, 200, core.calendars.update(calendarId, eventId, await readJson(ctx.req), write()));
    case "PATCH":
      return sendJson(res, 200, core.calendars.patch(calendarId, eventId, await readJson(ctx.req), write()));
    case "DELETE":
      core.calendars.remove(calendarId, eventId, sendUpdatesOf(query));
      return sendNoContent(res);
    default:
      throw notFound();
  }
}

/** GET /calendar/event?eid=…: the page an event's htmlLink opens (no sign-in needed in the emulator). */
export function showEvent(core: EmulatorCore, ctx: RequestContext): void {
  const stored = core.calendars.findByEid(ctx.url.searchParams.get("eid") ?? "");
  if (!stored) return sendHtml(ctx.res, 404, missingEventPage());
  sendHtml(ctx.res, 200, eventPage(stored.event));
}
