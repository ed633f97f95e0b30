import { describe, expect, it } from "vitest";
import {
  eventFingerprint,
  eventFromAppointment,
  eventIdForLead,
  isValidEventId,
  notifiesAttendees,
  zonedDateTime,
  type AppointmentForEvent,
} from "./event-mapping.js";

const ZONE = "America/New_York";
const lead: AppointmentForEvent = {
  leadId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  name: "Dana Client",
  email: "dana@example.com",
  phone: "(828) 555-0100",
  address: "12 Main St, Asheville, NC 28801",
  zipCode: "28801",
  serviceLabel: "Crawl Space Encapsulation",
  start: new Date("2026-06-15T13:00:00Z"),
  durationMinutes: 90,
  company: { name: "CrawlGuard Waterproofing", phone: "(828) 555-0142" },
};

describe("eventIdForLead", () => {
  it("is the uuid's hex digits: valid base32hex, the same every time, different per lead", () => {
    const id = eventIdForLead(lead.leadId);
    expect(id).toBe("0f8fad5bd9cb469fa16570867728950e");
    expect(isValidEventId(id)).toBe(true);
    expect(eventIdForLead(lead.leadId.toUpperCase())).toBe(id);
    expect(eventIdForLead("0f8fad5b-d9cb-469f-a165-70867728950f")).not.toBe(id);
  });

  it("refuses what is not a uuid", () => {
    expect(() => eventIdForLead("not-a-uuid")).toThrow();
  });

  it("knows Google's alphabet: 0-9 and a-v, 5 to 1024 characters", () => {
    expect(isValidEventId("cg0123456789abcdef")).toBe(true); // g is base32hex
    expect(isValidEventId("abcdw")).toBe(false);
    expect(isValidEventId("ABCDE")).toBe(false);
    expect(isValidEventId("abcd")).toBe(false);
  });
});

describe("zonedDateTime", () => {
  it("writes the wall-clock time in the zone with its offset at that instant", () => {
    expect(zonedDateTime(new Date("2026-01-15T14:00:00Z"), ZONE)).toBe("2026-01-15T09:00:00-05:00");
    expect(zonedDateTime(new Date("2026-07-15T13:00:00Z"), ZONE)).toBe("2026-07-15T09:00:00-04:00");
    expect(zonedDateTime(new Date("2026-07-15T13:00:00Z"), "UTC")).toBe("2026-07-15T13:00:00+00:00");
    expect(zonedDateTime(new Date("2026-07-15T13:00:00Z"), "Asia/Kolkata")).toBe("2026-07-15T18:30:00+05:30");
    // Either side of the spring change in New York (02:00 EST becomes 03:00 EDT).
    expect(zonedDateTime(new Date("2026-03-08T06:59:59Z"), ZONE)).toBe("2026-03-08T01:59:59-05:00");
    expect(zonedDateTime(new Date("2026-03-08T07:30:00Z"), ZONE)).toBe("2026-03-08T03:30:00-04:00");
  });
});

describe("eventFromAppointment", () => {
  it("maps a booked lead: summary, details, location, times in the business zone, attendee, reminders", () => {
    const event = eventFromAppointment(lead, ZONE);
    expect(event).toMatchObject({
      id: "0f8fad5bd9cb469fa16570867728950e",
      summary: "Crawl Space Encapsulation — Dana Client",
      location: "12 Main St, Asheville, NC 28801",
      start: { dateTime: "2026-06-15T09:00:00-04:00", timeZone: ZONE },
      end: { dateTime: "2026-06-15T10:30:00-04:00", timeZone: ZONE },
      attendees: [{ email: "dana@example.com", displayName: "Dana Client" }],
      status: "confirmed",
      reminders: {
        useDefault: false,
        overrides: [
          { method: "email", minutes: 1440 },
          { method: "popup", minutes: 1440 },
          { method: "email", minutes: 30 },
          { method: "popup", minutes: 30 },
        ],
      },
    });
    for (const part of ["Dana Client", "(828) 555-0100", "dana@example.com", "12 Main St", "Crawl Space Encapsulation", "(828) 555-0142"]) {
      expect(event.description).toContain(part);
    }
    expect(event.description).toContain("call CrawlGuard Waterproofing at (828) 555-0142");
  });

  it("never carries staff notes or the quoted value, whatever the lead holds", () => {
    // Not fields of the event's input: a lead row with them passes only what the event may show.
    const row = { ...lead, notes: "Gate code 4321; owner difficult", estimatedValue: "4500" };
    const text = JSON.stringify(eventFromAppointment(row, ZONE));
    expect(text).not.toContain("Gate code");
    expect(text).not.toContain("4500");
    expect(text).not.toMatch(/notes|estimated|value|\$/i);
  });

  it("counts the duration in real minutes across the autumn DST change (01:30 EDT + 60 min = 01:30 EST)", () => {
    // 2026-11-01 01:30 EDT is 05:30Z; an hour later the clocks read 01:30 again, now EST.
    const event = eventFromAppointment({ ...lead, start: new Date("2026-11-01T05:30:00Z"), durationMinutes: 60 }, ZONE);
    expect(event.start?.dateTime).toBe("2026-11-01T01:30:00-04:00");
    expect(event.end?.dateTime).toBe("2026-11-01T01:30:00-05:00");
  });

  it("counts it across the spring DST change (01:30 EST + 60 min = 03:30 EDT)", () => {
    const event = eventFromAppointment({ ...lead, start: new Date("2026-03-08T06:30:00Z"), durationMinutes: 60 }, ZONE);
    expect(event.start?.dateTime).toBe("2026-03-08T01:30:00-05:00");
    expect(event.end?.dateTime).toBe("2026-03-08T03:30:00-04:00");
  });

  it("leaves out what the lead does not have", () => {
    const event = eventFromAppointment({ ...lead, phone: null, address: null }, ZONE);
    expect(event.location).toBeUndefined();
    expect(event.description).not.toContain("Phone:");
    expect(event.description).not.toContain("Address:");
  });

  it("fingerprints what would be pushed: a reschedule changes it, the same lead does not", () => {
    const a = eventFingerprint(eventFromAppointment(lead, ZONE));
    expect(eventFingerprint(eventFromAppointment({ ...lead }, ZONE))).toBe(a);
    expect(eventFingerprint(eventFromAppointment({ ...lead, start: new Date("2026-06-16T13:00:00Z") }, ZONE))).not.toBe(a);
    expect(eventFingerprint(eventFromAppointment({ ...lead, durationMinutes: 60 }, ZONE))).not.toBe(a);
  });
});

describe("notifiesAttendees", () => {
  const before = eventFromAppointment(lead, ZONE);

  it("is false when nothing the client sees as news changed (same event, a new description or summary)", () => {
    expect(notifiesAttendees(before, eventFromAppointment(lead, ZONE))).toBe(false);
    expect(notifiesAttendees(before, { ...before, description: "other text", summary: "Other" })).toBe(false);
    // Google writes the same instant with another offset: still the same time.
    expect(notifiesAttendees({ ...before, start: { dateTime: "2026-06-15T13:00:00Z" } }, before)).toBe(false);
    expect(notifiesAttendees(before, eventFromAppointment({ ...lead, phone: "(828) 555-0199", name: "Dana C." }, ZONE))).toBe(false);
  });

  it("is true when the time, the place or the attendee changes, or a cancelled event comes back", () => {
    expect(notifiesAttendees(before, eventFromAppointment({ ...lead, start: new Date("2026-06-16T13:00:00Z") }, ZONE))).toBe(true);
    expect(notifiesAttendees(before, eventFromAppointment({ ...lead, durationMinutes: 120 }, ZONE))).toBe(true);
    expect(notifiesAttendees(before, eventFromAppointment({ ...lead, address: "9 Elm St, Asheville, NC 28801" }, ZONE))).toBe(true);
    expect(notifiesAttendees(before, eventFromAppointment({ ...lead, email: "dana.new@example.com" }, ZONE))).toBe(true);
    expect(notifiesAttendees({ ...before, status: "cancelled" }, before)).toBe(true);
  });
});
