/*
 * An integrator's program against the client generated from CrawlGuard's /api/openapi.json
 * (openapi-typescript + openapi-fetch): sign in, book an appointment, add a photo to the gallery by
 * the documented two-step flow, read the calendar. It compiles only against the generated types (./api.js), so a
 * document that lies about a path, a body or an answer fails the type check before it runs.
 */
import createClient, { type Middleware } from "openapi-fetch";
import type { components, paths } from "./api.js";

export type Lead = components["schemas"]["Lead"];
export type Conflict = components["schemas"]["Conflict"];
export type GalleryImage = components["schemas"]["GalleryImage"];
export type CalendarRange = components["schemas"]["CalendarRange"];

export interface IntegrationInput {
  baseUrl: string;
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
function session(baseUrl: string): Middleware {
  let cookie = "";
  return {
    onRequest({ request }) {
      if (cookie) request.headers.set("cookie", cookie);
      request.headers.set("origin", new URL(baseUrl).origin);
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

export async function run({ baseUrl, email, password, date, photo }: IntegrationInput): Promise<IntegrationResult> {
  const api = createClient<paths>({ baseUrl });
  api.use(session(baseUrl));

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
