import { type calendar_v3 } from "@googleapis/calendar";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGoogleEmulator, type GoogleEmulator } from "./emulator.js";
import { CALENDAR_EVENTS_SCOPE, CALENDAR_SCOPE } from "./scopes.js";
import { calendarApi, connect, rejection } from "./test-helpers.js";

const ACCOUNT = "office@crawlguard.test";
const at = (hour: number, minute = 0) => ({
  dateTime: `2030-05-06T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`,
});

describe("Calendar v3 emulation", () => {
  let emulator: GoogleEmulator;
  let api: calendar_v3.Calendar;
  let accessToken: string;

  beforeEach(async () => {
    emulator = await startGoogleEmulator();
    const { client, tokens } = await connect(emulator);
    api = calendarApi(emulator, client);
    accessToken = tokens.access_token!;
  });
  afterEach(() => emulator.close());

  const insert = (requestBody: calendar_v3.Schema$Event, calendarId = "primary") => api.events.insert({ calendarId, requestBody });
  const googleError = (status: number, reason: string, message?: string) => ({
    status,
    data: { error: { code: status, errors: [expect.objectContaining({ reason, ...(message ? { message } : {}) })] } },
  });

  it("inserts an event with a client-chosen id and Google's fields", async () => {
    const { data, status } = await insert({
      id: "booking0001",
      summary: "Crawl space inspection",
      location: "12 Elm St",
      start: { dateTime: "2030-05-06T09:00:00-04:00", timeZone: "America/New_York" },
      end: { dateTime: "2030-05-06T10:00:00-04:00", timeZone: "America/New_York" },
      attendees: [{ email: "customer@example.test" }],
      reminders: { useDefault: false, overrides: [{ method: "email", minutes: 60 }] },
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      kind: "calendar#event",
      id: "booking0001",
      status: "confirmed",
      summary: "Crawl space inspection",
      creator: { email: ACCOUNT, self: true },
      organizer: { email: ACCOUNT, self: true },
      iCalUID: "booking0001@google.com",
      sequence: 0,
      attendees: [{ email: "customer@example.test", responseStatus: "needsAction" }],
      reminders: { useDefault: false, overrides: [{ method: "email", minutes: 60 }] },
    });
    expect(data.etag).toMatch(/^"\d+"$/);
    expect(data.created).toBe(data.updated);
    expect(data.htmlLink).toMatch(new RegExp(`^${emulator.url}/calendar/event\\?eid=`));

    const page = await fetch(data.htmlLink!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Crawl space inspection");

    const generated = await insert({ start: at(11), end: at(12) });
    expect(generated.data.id).toMatch(/^[a-v0-9]{26}$/);
    expect(generated.data.reminders).toEqual({ useDefault: true });
  });

  it("keeps an id taken after delete (409), shows the deleted event as cancelled, and update restores it", async () => {
    await insert({ id: "booking0002", summary: "Visit", start: at(9), end: at(10) });
    const duplicate = googleError(409, "duplicate", "The requested identifier already exists.");
    expect(await rejection(insert({ id: "booking0002", start: at(9), end: at(10) }))).toMatchObject(duplicate);

    const deleted = await api.events.delete({ calendarId: "primary", eventId: "booking0002" });
    expect(deleted.status).toBe(204);
    expect((await api.events.get({ calendarId: "primary", eventId: "booking0002" })).data.status).toBe("cancelled");
    expect(await rejection(api.events.delete({ calendarId: "primary", eventId: "booking0002" }))).toMatchObject(
      googleError(410, "deleted", "Resource has been deleted"),
    );
    expect(await rejection(insert({ id: "booking0002", start: at(9), end: at(10) }))).toMatchObject(duplicate);

    const restored = await api.events.update({
      calendarId: "primary",
      eventId: "booking0002",
      requestBody: { summary: "Visit again", start: at(13), end: at(14) },
    });
    expect(restored.data).toMatchObject({ status: "confirmed", summary: "Visit again", sequence: 1 });
    expect((await api.events.get({ calendarId: "primary", eventId: "booking0002" })).data.status).toBe("confirmed");

    expect(await rejection(api.events.get({ calendarId: "primary", eventId: "missing01" }))).toMatchObject(googleError(404, "notFound"));
  });

  it("validates ids and times as Google does", async () => {
    const invalidId = googleError(400, "invalid", "Invalid resource id value.");
    expect(await rejection(insert({ id: "Booking_1", start: at(9), end: at(10) }))).toMatchObject(invalidId);
    expect(await rejection(insert({ id: "abcw1", start: at(9), end: at(10) }))).toMatchObject(invalidId);
    expect(await rejection(insert({ id: "abcd", start: at(9), end: at(10) }))).toMatchObject(invalidId);
    expect((await insert({ id: "abcde", start: at(9), end: at(10) })).data.id).toBe("abcde");

    expect(await rejection(insert({ start: at(10), end: at(9) }))).toMatchObject(
      googleError(400, "timeRangeEmpty", "The specified time range is empty."),
    );
    expect(await rejection(insert({ start: at(10) }))).toMatchObject(googleError(400, "required", "Missing end time."));
    expect(await rejection(insert({ start: { dateTime: "2030-05-06T09:00:00" }, end: { dateTime: "2030-05-06T10:00:00" } }))).toMatchObject(
      googleError(400, "required", "Missing time zone definition for end time."),
    );
    expect(await rejection(insert({ start: { date: "2030-05-06" }, end: { date: "2030-05-06" } }))).toMatchObject(
      googleError(400, "timeRangeEmpty"),
    );
    expect(await rejection(insert({ start: { date: "2030-05-06" }, end: at(10) }))).toMatchObject(googleError(400, "invalid"));
    expect(
      await rejection(insert({ start: at(9), end: at(10), reminders: { useDefault: true, overrides: [{ method: "popup", minutes: 5 }] } })),
    ).toMatchObject(googleError(400, "cannotUseDefaultRemindersAndSpecifyOverride"));
  });

  it("lists the events overlapping a window in start order, with paging, showDeleted and q", async () => {
    await insert({ id: "late00001", summary: "Late", start: at(15), end: at(16) });
    await insert({ id: "before001", summary: "Before", start: at(7), end: at(8) });
    await insert({ id: "straddle1", summary: "Straddles timeMin", start: at(8, 30), end: at(9, 30) });
    await insert({ id: "endsatmin", summary: "Ends at timeMin", start: at(8), end: at(9) });
    // 10:30 in Berlin (UTC+2 in May) is 08:30 UTC: outside a 09:00–12:00 UTC window.
    await insert({
      id: "berlin001",
      summary: "Local time",
      start: { dateTime: "2030-05-06T10:30:00", timeZone: "Europe/Berlin" },
      end: { dateTime: "2030-05-06T10:45:00", timeZone: "Europe/Berlin" },
    });
    await insert({ id: "morning01", summary: "Morning visit", start: at(10), end: at(11), description: "Moisture check" });
    await insert({ id: "gone00001", summary: "Cancelled", start: at(10), end: at(11) });
    await insert({ id: "fulldate1", summary: "All day", start: { date: "2030-05-06" }, end: { date: "2030-05-07" } });
    await api.events.delete({ calendarId: "primary", eventId: "gone00001" });

    const window = {
      calendarId: "primary",
      timeMin: "2030-05-06T09:00:00Z",
      timeMax: "2030-05-06T12:00:00Z",
      singleEvents: true,
      orderBy: "startTime",
    };
    const ids = (items: calendar_v3.Schema$Event[] | undefined) => (items ?? []).map((e) => e.id);
    const { data } = await api.events.list(window);
    expect(data).toMatchObject({ kind: "calendar#events", timeZone: "UTC" });
    expect(ids(data.items)).toEqual(["fulldate1", "straddle1", "morning01"]);

    expect(ids((await api.events.list({ ...window, showDeleted: true })).data.items)).toEqual([
      "fulldate1",
      "straddle1",
      "morning01",
      "gone00001",
    ]);
    expect(ids((await api.events.list({ ...window, q: "moisture" })).data.items)).toEqual(["morning01"]);

    const first = await api.events.list({ ...window, maxResults: 2 });
    expect(ids(first.data.items)).toEqual(["fulldate1", "straddle1"]);
    const second = await api.events.list({ ...window, maxResults: 2, pageToken: first.data.nextPageToken! });
    expect(ids(second.data.items)).toEqual(["morning01"]);
    expect(second.data.nextPageToken).toBeUndefined();

    expect(await rejection(api.events.list({ calendarId: "primary", orderBy: "startTime" }))).toMatchObject(
      googleError(400, "badRequest", "The requested ordering is not available for the particular query."),
    );
    expect(await rejection(api.events.list({ calendarId: "primary", timeMin: "2030-05-06T09:00:00" }))).toMatchObject(
      googleError(400, "badRequest"),
    );
    expect(await rejection(api.events.list({ ...window, timeMax: "2030-05-05T00:00:00Z" }))).toMatchObject(
      googleError(400, "timeRangeEmpty"),
    );
    expect(ids((await api.events.list({ calendarId: "primary" })).data.items)).toHaveLength(7);
  });

  it("patches by merging and updates by replacing", async () => {
    const created = await insert({ id: "patchme01", summary: "Before", location: "Here", description: "Notes", start: at(9), end: at(10) });
    const patched = await api.events.patch({
      calendarId: "primary",
      eventId: "patchme01",
      requestBody: { summary: "After", description: null as never },
    });
    expect(patched.data).toMatchObject({
      summary: "After",
      location: "Here",
      start: at(9),
      end: at(10),
      sequence: 0,
      created: created.data.created,
    });
    expect(patched.data).not.toHaveProperty("description");
    expect(patched.data.etag).not.toBe(created.data.etag);

    const moved = await api.events.patch({ calendarId: "primary", eventId: "patchme01", requestBody: { end: at(11) } });
    expect(moved.data).toMatchObject({ start: at(9), end: at(11), sequence: 1 });
    expect(await rejection(api.events.patch({ calendarId: "primary", eventId: "patchme01", requestBody: { end: at(8) } }))).toMatchObject(
      googleError(400, "timeRangeEmpty"),
    );

    const replaced = await api.events.update({
      calendarId: "primary",
      eventId: "patchme01",
      requestBody: { summary: "Replaced", start: at(9), end: at(11) },
    });
    expect(replaced.data.summary).toBe("Replaced");
    expect(replaced.data).not.toHaveProperty("location");
    expect(
      await rejection(api.events.update({ calendarId: "primary", eventId: "patchme01", requestBody: { summary: "No times" } })),
    ).toMatchObject(googleError(400, "required", "Missing end time."));
  });

  it("records sendUpdates; primary is the account's calendar, other ids are calendars of their own", async () => {
    await api.events.insert({ calendarId: "primary", sendUpdates: "all", requestBody: { id: "notice001", start: at(9), end: at(10) } });
    await api.events.delete({ calendarId: ACCOUNT, eventId: "notice001", sendUpdates: "none" });
    await insert({ id: "notice001", start: at(9), end: at(10) }, "crew@group.calendar.google.com");

    const events = emulator
      .state()
      .events.map(({ calendarId, sendUpdates, event }) => ({ calendarId, sendUpdates, id: event.id, status: event.status }));
    expect(events).toEqual([
      { calendarId: ACCOUNT, sendUpdates: "none", id: "notice001", status: "cancelled" },
      { calendarId: "crew@group.calendar.google.com", sendUpdates: null, id: "notice001", status: "confirmed" },
    ]);
    expect(
      await rejection(api.events.insert({ calendarId: "primary", sendUpdates: "everyone", requestBody: { start: at(9), end: at(10) } })),
    ).toMatchObject(googleError(400, "invalid"));
  });

  it("answers 401 without a valid token and 403 without a calendar scope", async () => {
    const url = `${emulator.url}/calendar/v3/calendars/primary/events`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED", errors: [{ reason: "required" }] } });
    const bogus = await fetch(url, { headers: { authorization: "Bearer ya29.bogus" } });
    expect(await bogus.json()).toMatchObject({ error: { code: 401, errors: [{ reason: "authError", message: "Invalid Credentials" }] } });

    const emailOnly = await connect(emulator, ["email"]);
    expect(await rejection(calendarApi(emulator, emailOnly.client).events.list({ calendarId: "primary" }))).toMatchObject(
      googleError(403, "insufficientPermissions", "Insufficient Permission"),
    );

    // calendars.get needs the full calendar scope; calendar.events is not enough.
    expect(await rejection(api.calendars.get({ calendarId: "primary" }))).toMatchObject(googleError(403, "insufficientPermissions"));
    const full = await connect(emulator, [CALENDAR_SCOPE, CALENDAR_EVENTS_SCOPE], { forceRefreshOnFailure: false });
    expect((await calendarApi(emulator, full.client).calendars.get({ calendarId: "primary" })).data).toMatchObject({
      id: ACCOUNT,
      timeZone: "UTC",
    });

    const raw = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: "{",
    });
    expect(await raw.json()).toMatchObject({ error: { code: 400, errors: [{ reason: "parseError" }] } });
  });
});
