/*
 * An integrator's program against the client generated from CrawlGuard's /api/openapi.json
 * (openapi-typescript + openapi-fetch): sign in, book an appointment, add a photo to the gallery by
 * the documented two-step flow, read the calendar; then, with an API key, what an integration reads
 * and keeps in step with (filtered lists, one lead or submission, the paged forms, the event log,
 * webhooks' test events and secret rotation, the key's own audit list). It compiles only against
 * the generated types (./api.js), so a document that lies about a path, a body or an answer fails
 * the type check before it runs.
 */
import createClient, { type Middleware } from "openapi-fetch";
import type { components, paths } from "./api.js";

export type Lead = components["schemas"]["Lead"];
export type Conflict = components["schemas"]["Conflict"];
export type GalleryImage = components["schemas"]["GalleryImage"];
export type CalendarRange = components["schemas"]["CalendarRange"];

export interface IntegrationInput {
  baseUrl: string;
  /** This site's origin for the Origin header of changes (default: baseUrl's; differs behind a proxy). */
  origin?: string;
  /** The fetch every call goes through (default: the global one). */
  fetch?: typeof fetch;
  email: string;
  password: string;
  /** A working day in the future, 'yyyy-MM-dd' (business time zone). */
  date: string;
  /** The photo (a JPEG, PNG, WebP, AVIF or GIF). */
  photo: Blob;
}

export interface IntegrationResult {
  userId: string;
  booked: Lead;
  /** The same time booked again without confirm: a 409 whose error body lists the clashes. */
  refusedConflicts: Conflict[];
  image: GalleryImage;
  calendar: CalendarRange;
}

/** Keeps the session cookie like a browser and sends this site's Origin, as the API asks of changes. */
function session(origin: string): Middleware {
  let cookie = "";
  return {
    onRequest({ request }) {
      if (cookie) request.headers.set("cookie", cookie);
      request.headers.set("origin", new URL(origin).origin);
      return request;
    },
    onResponse({ response }) {
      const set = response.headers.getSetCookie().map((line) => line.split(";")[0]!);
      if (set.length) cookie = set.join("; ");
      return response;
    },
  };
}

function fail(step: string, status: number, error: { message: string } | undefined): never {
  throw new Error(`${step}: ${status} ${error?.message ?? ""}`);
}

export async function run({
  baseUrl,
  origin = baseUrl,
  fetch: fetchFn,
  email,
  password,
  date,
  photo,
}: IntegrationInput): Promise<IntegrationResult> {
  const api = createClient<paths>({ baseUrl, ...(fetchFn ? { fetch: fetchFn } : {}) });
  api.use(session(origin));

  const login = await api.POST("/api/login", { body: { email, password } });
  if (!login.data) fail("sign in", login.response.status, login.error);
  const userId: string = login.data.id;

  // Book a new client's appointment; a retry with the same Idempotency-Key would answer the same booking.
  const booking = {
    clientName: "Pat Integrator",
    email: "pat.integrator@example.com",
    phone: "(828) 555-0199",
    address: "12 Merrimon Ave, Asheville, NC",
    zipCode: "28801",
    service: "crawl-space-encapsulation",
    appointmentDate: date,
    appointmentTime: "10:00",
    durationMinutes: 60,
  } satisfies paths["/api/appointments"]["post"]["requestBody"]["content"]["application/json"];
  const booked = await api.POST("/api/appointments", {
    params: { header: { "Idempotency-Key": `integration-${date}-${userId}` } },
    body: booking,
  });
  if (!booked.data) fail("book", booked.response.status, booked.error);
  const lead: Lead = booked.data.lead;

  // The same slot again: not booked, a 409 whose body says what it clashes with.
  const clash = await api.POST("/api/appointments", { body: { ...booking, email: "second@example.com" } });
  if (clash.response.status !== 409 || !clash.error) fail("book over a taken slot", clash.response.status, clash.error);
  const refusedConflicts: Conflict[] = clash.error.conflicts ?? [];

  // The documented upload flow: start the upload, PUT the file to its uploadURL, save the image with imageUrl = uploadURL.
  const started = await api.POST("/api/admin/gallery/upload", {
    body: { fileName: "crawl-space.png", size: photo.size, contentType: "image/png" },
  });
  if (!started.data) fail("start upload", started.response.status, started.error);
  const { uploadURL, headers, name, size, type } = started.data;
  if (name !== "crawl-space.png" || size !== photo.size || type !== "image/png") throw new Error("upload result fields");
  const put = await fetch(uploadURL, { method: "PUT", body: photo, headers });
  if (!put.ok) throw new Error(`PUT ${uploadURL}: ${put.status}`);
  const saved = await api.POST("/api/admin/gallery", {
    body: { title: "Sealed crawl space", altText: "White vapor barrier over a crawl space floor", imageUrl: uploadURL, isPublished: true },
  });
  if (!saved.data) fail("add gallery image", saved.response.status, saved.error);

  // The calendar of that day.
  const start = `${date}T00:00:00Z`;
  const end = new Date(Date.parse(start) + 2 * 86_400_000).toISOString();
  const calendar = await api.GET("/api/calendar/range", { params: { query: { start, end, scope: "all" } } });
  if (!calendar.data) fail("read the calendar", calendar.response.status, calendar.error);

  return { userId, booked: lead, refusedConflicts, image: saved.data, calendar: calendar.data };
}

export type ContactSubmission = components["schemas"]["ContactSubmission"];
export type LoggedEvent = components["schemas"]["LoggedEvent"];
export type ApiKeyCall = components["schemas"]["ApiKeyCall"];
export type WebhookTestResult = components["schemas"]["WebhookTestResult"];

export interface KeyedInput {
  baseUrl: string;
  origin?: string;
  fetch?: typeof fetch;
  email: string;
  password: string;
  /** Where to register a webhook endpoint (a receiver of the integration's, or one that is not there). */
  webhookUrl: string;
}

export interface KeyedResult {
  /** The scheduled leads named "Pat", sorted by name: an array, as the document types it. */
  filtered: Lead[];
  one: Lead;
  pagedIds: string[];
  submission: ContactSubmission;
  events: LoggedEvent[];
  test: WebhookTestResult;
  rotatedUntil: string | null;
  calls: ApiKeyCall[];
  /** The RateLimit field of the key's last answer. */
  rateLimit: string | null;
}

/**
 * What an integration does with an API key (the admin makes it, the key is then the only
 * credential): filtered lists and their paged forms, one lead and one submission by id, a forwarded
 * contact request, the event log; and the admin's side of webhooks and the key's audit list.
 */
export async function runWithKey({
  baseUrl,
  origin = baseUrl,
  fetch: fetchFn,
  email,
  password,
  webhookUrl,
}: KeyedInput): Promise<KeyedResult> {
  const admin = createClient<paths>({ baseUrl, ...(fetchFn ? { fetch: fetchFn } : {}) });
  admin.use(session(origin));
  const login = await admin.POST("/api/login", { body: { email, password } });
  if (!login.data) fail("sign in", login.response.status, login.error);
  const made = await admin.POST("/api/api-keys", { body: { name: "Integration program", scope: "read-write" } });
  if (!made.data) fail("make a key", made.response.status, made.error);
  const keyId: string = made.data.id;

  const api = createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${made.data.key}` },
    ...(fetchFn ? { fetch: fetchFn } : {}),
  });

  // The array form with filters and a sort: typed as an array, no Array.isArray needed.
  const list = await api.GET("/api/leads", { params: { query: { status: "scheduled", q: "Pat", sort: "name" } } });
  if (!list.data) fail("list leads", list.response.status, list.error);
  const filtered: Lead[] = list.data;
  const first = filtered[0];
  if (!first) throw new Error("no scheduled lead named Pat");
  const one = await api.GET("/api/leads/{id}", { params: { path: { id: first.id } } });
  if (!one.data) fail("read one lead", one.response.status, one.error);

  // The paged form has its own path and shape.
  const page = await api.GET("/api/leads/page", { params: { query: { limit: 50, status: "scheduled" } } });
  if (!page.data) fail("page leads", page.response.status, page.error);
  const pagedIds = page.data.items.map((lead) => lead.id);

  // A web lead forwarded with the key, then read back by id.
  const sent = await api.POST("/api/contact", {
    params: { header: { "Idempotency-Key": `program-${keyId}` } },
    body: { name: "Dana Reyes", email: "dana.reyes@example.com", zipCode: "28801", message: "Musty smell", utmSource: "newsletter" },
  });
  if (!sent.data) fail("forward a lead", sent.response.status, sent.error);
  const submission = await api.GET("/api/contact-submissions/{id}", { params: { path: { id: sent.data.id } } });
  if (!submission.data) fail("read the submission", submission.response.status, submission.error);
  const submissions = await api.GET("/api/contact-submissions/page", { params: { query: { status: "new", limit: 10 } } });
  if (!submissions.data) fail("page submissions", submissions.response.status, submissions.error);

  // Webhooks (admins, with a session): register, test, rotate.
  const hook = await admin.POST("/api/webhooks", { body: { url: webhookUrl, events: ["lead.created", "contact.received"] } });
  if (!hook.data) fail("register a webhook", hook.response.status, hook.error);
  const test = await admin.POST("/api/webhooks/{id}/test", { params: { path: { id: hook.data.id } } });
  if (!test.data) fail("send a test event", test.response.status, test.error);
  const rotated = await admin.POST("/api/webhooks/{id}/rotate-secret", { params: { path: { id: hook.data.id } } });
  if (!rotated.data) fail("rotate the secret", rotated.response.status, rotated.error);
  const deliveries = await admin.GET("/api/webhooks/{id}/deliveries", {
    params: { path: { id: hook.data.id }, query: { status: "failed" } },
  });
  if (!deliveries.data) fail("read the delivery log", deliveries.response.status, deliveries.error);

  // The event log, from the start, a page at a time.
  const events: LoggedEvent[] = [];
  let cursor: string | undefined;
  for (;;) {
    const logged = await api.GET("/api/events", { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } });
    if (!logged.data) fail("read the event log", logged.response.status, logged.error);
    events.push(...logged.data.items);
    cursor = logged.data.nextCursor;
    if (!logged.data.hasMore) break;
  }

  const last = await api.GET("/api/leads", {});
  if (!last.data) fail("list leads", last.response.status, last.error);
  const calls = await admin.GET("/api/api-keys/{id}/audit", { params: { path: { id: keyId }, query: { limit: 100 } } });
  if (!calls.data) fail("read the key's calls", calls.response.status, calls.error);

  return {
    filtered,
    one: one.data,
    pagedIds,
    submission: submission.data,
    events,
    test: test.data,
    rotatedUntil: rotated.data.previousSecretExpiresAt,
    calls: calls.data,
    rateLimit: last.response.headers.get("ratelimit"),
  };
}
