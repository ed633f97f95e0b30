import { GOOGLE_CALENDAR_MESSAGE_TYPE, type GoogleCalendarEvent } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import {
  calendarPromise,
  connectionState,
  eventIdOfLead,
  eventTitle,
  eventWhen,
  externalEvents,
  moreEventsText,
  ownEventIds,
  parsePopupMessage,
  pendingPushesText,
  popupFeatures,
  popupMessageFrom,
  statusBadgeStyle,
  statusLabel,
  upcomingPreview,
} from "./google-calendar-model";

const NY = "America/New_York";
const ORIGIN = "http://127.0.0.1:3199";

const event = (overrides: Partial<GoogleCalendarEvent> = {}): GoogleCalendarEvent => ({
  id: "evt1",
  summary: "Crawl Space Encapsulation — Ana Ruiz",
  start: { dateTime: "2027-03-10T09:00:00-05:00", date: null, timeZone: NY },
  end: { dateTime: "2027-03-10T10:30:00-05:00", date: null, timeZone: NY },
  location: "12 Elm St, Asheville",
  status: "confirmed",
  htmlLink: "https://calendar.google.com/calendar/event?eid=x",
  ...overrides,
});

describe("upcoming events list", () => {
  it("shows 5, then 'And N more events...'", () => {
    const events = Array.from({ length: 8 }, (_, i) => event({ id: `e${i}` }));
    const { shown, more } = upcomingPreview(events);
    expect(shown.map((e) => e.id)).toEqual(["e0", "e1", "e2", "e3", "e4"]);
    expect(more).toBe(3);
    expect(moreEventsText(more)).toBe("And 3 more events...");
    expect(moreEventsText(1)).toBe("And 1 more event...");
  });

  it("says nothing more when 5 or fewer", () => {
    expect(upcomingPreview([event(), event({ id: "b" })])).toMatchObject({ more: 0 });
    expect(upcomingPreview(Array.from({ length: 5 }, (_, i) => event({ id: `e${i}` }))).more).toBe(0);
    expect(moreEventsText(0)).toBeNull();
  });

  it("shows a confirmed event's badge in the default style, any other in the secondary one", () => {
    expect(statusBadgeStyle("confirmed")).toBe("default");
    expect(statusBadgeStyle("tentative")).toBe("secondary");
    expect(statusBadgeStyle(null)).toBe("secondary");
    expect(statusLabel("tentative")).toBe("Tentative");
    expect(statusLabel(null)).toBe("Unknown");
  });

  it("names untitled events as Google does", () => {
    expect(eventTitle({ summary: null })).toBe("(No title)");
    expect(eventTitle({ summary: " Site visit " })).toBe("Site visit");
  });
});

describe("eventWhen", () => {
  it("tells the time at the business zone's clock, whatever zone the event was written in", () => {
    expect(eventWhen(event(), NY)).toBe("Mar 10, 2027 · 9:00 AM – 10:30 AM");
    const tokyo = event({
      start: { dateTime: "2027-03-10T23:00:00+09:00", date: null, timeZone: "Asia/Tokyo" },
      end: { dateTime: "2027-03-11T00:00:00+09:00", date: null, timeZone: "Asia/Tokyo" },
    });
    expect(eventWhen(tokyo, NY)).toBe("Mar 10, 2027 · 9:00 AM – 10:00 AM");
    expect(eventWhen(event({ end: { dateTime: "2027-03-11T01:00:00-05:00", date: null, timeZone: NY } }), NY)).toBe(
      "Mar 10, 2027 9:00 AM – Mar 11, 2027 1:00 AM",
    );
  });

  it("shows date-only events as all day (Google's end date is the day after)", () => {
    const day = (start: string, end: string) =>
      event({ start: { dateTime: null, date: start, timeZone: null }, end: { dateTime: null, date: end, timeZone: null } });
    expect(eventWhen(day("2027-03-10", "2027-03-11"), NY)).toBe("Mar 10, 2027 · All day");
    expect(eventWhen(day("2027-03-10", "2027-03-13"), NY)).toBe("Mar 10, 2027 – Mar 12, 2027 · All day");
  });
});

describe("our own pushes", () => {
  const lead = { id: "0F8FAD5B-D9CB-469F-A165-70867728950F", googleCalendarEventId: null };

  it("have the lead's 32 hex digits as id (the server's derivation)", () => {
    expect(eventIdOfLead(lead.id)).toBe("0f8fad5bd9cb469fa16570867728950f");
  });

  it("are left out of Google's events, whatever else Google holds", () => {
    const ids = ownEventIds([lead, { id: "7c9e6679-7425-40de-944b-e07fc1f90ae7", googleCalendarEventId: "customid123" }]);
    const events = [
      event({ id: "0f8fad5bd9cb469fa16570867728950f" }),
      event({ id: "customid123" }),
      event({ id: "7c9e6679742540de944be07fc1f90ae7" }),
      event({ id: "dentist42" }),
    ];
    expect(externalEvents(events, ids).map((e) => e.id)).toEqual(["dentist42"]);
    // Another program's event that merely looks like ours stays.
    expect(externalEvents([event({ id: "11111111111111111111111111111111" })], ids)).toHaveLength(1);
  });
});

describe("the popup's message", () => {
  const ok = { type: GOOGLE_CALENDAR_MESSAGE_TYPE, ok: true, message: "Google Calendar is connected and ready." };

  it("is read from this origin only", () => {
    expect(popupMessageFrom({ origin: ORIGIN, data: ok }, ORIGIN)).toEqual({
      ok: true,
      message: "Google Calendar is connected and ready.",
    });
    expect(popupMessageFrom({ origin: "https://evil.example", data: ok }, ORIGIN)).toBeNull();
    expect(popupMessageFrom({ origin: "http://127.0.0.1:4399", data: ok }, ORIGIN)).toBeNull();
  });

  it("must have the type, ok and a message", () => {
    expect(parsePopupMessage(null)).toBeNull();
    expect(parsePopupMessage("crawlguard:google-calendar")).toBeNull();
    expect(parsePopupMessage({ ...ok, type: "something-else" })).toBeNull();
    expect(parsePopupMessage({ type: GOOGLE_CALENDAR_MESSAGE_TYPE, ok: "yes", message: "x" })).toBeNull();
    expect(parsePopupMessage({ type: GOOGLE_CALENDAR_MESSAGE_TYPE, ok: false })).toBeNull();
    expect(
      parsePopupMessage({ type: GOOGLE_CALENDAR_MESSAGE_TYPE, ok: false, message: "Access to Google Calendar was not granted." }),
    ).toEqual({
      ok: false,
      message: "Access to Google Calendar was not granted.",
    });
  });

  it("hands over the code and state when the popup had no session, and only both", () => {
    const handOver = {
      type: GOOGLE_CALENDAR_MESSAGE_TYPE,
      ok: false,
      message: "Finishing the connection in CrawlGuard…",
      code: "4/abc",
      state: "s1",
    };
    expect(parsePopupMessage(handOver)).toEqual({
      ok: false,
      message: "Finishing the connection in CrawlGuard…",
      code: "4/abc",
      state: "s1",
    });
    expect(parsePopupMessage({ ...handOver, state: undefined })).not.toHaveProperty("code");
    expect(parsePopupMessage({ ...handOver, code: 42 })).not.toHaveProperty("state");
  });
});

describe("the connection", () => {
  it("is connected, needs reconnecting or not connected", () => {
    expect(connectionState({ authenticated: true, needsReconnect: false })).toBe("connected");
    expect(connectionState({ authenticated: false, needsReconnect: true })).toBe("needs-reconnect");
    expect(connectionState({ authenticated: false, needsReconnect: false })).toBe("not-connected");
  });

  it("says how many appointments wait, in plain words", () => {
    expect(pendingPushesText(0)).toBeNull();
    expect(pendingPushesText(1)).toBe("1 appointment waiting to be sent to Google");
    expect(pendingPushesText(4)).toBe("4 appointments waiting to be sent to Google");
  });

  it("opens a 500 × 600 popup centred on the window", () => {
    expect(popupFeatures({ x: 100, y: 50, width: 1300, height: 900 })).toBe("width=500,height=600,left=500,top=200,popup=yes");
    expect(popupFeatures({ x: 0, y: 0, width: 390, height: 500 })).toBe("width=500,height=600,left=0,top=0,popup=yes");
  });
});

describe("calendarPromise (the tab's promise matches the state)", () => {
  const base = { configured: true, authenticated: false, needsReconnect: false };
  it("promises Google only when connected", () => {
    expect(calendarPromise({ ...base, authenticated: true })).toMatch(
      /^Every appointment booked here goes to the office's Google Calendar/,
    );
    expect(calendarPromise(base)).toMatch(/^Once Google Calendar is connected/);
    expect(calendarPromise({ ...base, needsReconnect: true })).toMatch(/once the connection is renewed/);
    expect(calendarPromise({ ...base, configured: false })).toMatch(/^Google Calendar is not set up on this server/);
  });
});
