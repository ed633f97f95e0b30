import type { Lead } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import {
  bookableLeads,
  bookingDurations,
  bookingFromLead,
  bookingRequest,
  bookingServiceOptionsFor,
  bookingTimeSlots,
  emptyBooking,
  PAST_DATE_MESSAGE,
  scheduleModalTimeSlots,
  timeSlotOptionsFor,
  validateBooking,
} from "./booking-form";

const NY = "America/New_York";
const NOW = Date.parse("2025-06-20T16:00:00Z"); // Friday, June 20 2025, noon in Asheville

const lead = (overrides: Partial<Lead> = {}): Lead => ({
  id: "3f1d2c4e-1111-4a2b-9c3d-000000000001",
  name: "Ana Lopez",
  email: "ana@example.com",
  phone: "8285550100",
  address: null,
  zipCode: "28801",
  service: "crawl-space",
  status: "new",
  priority: "high",
  source: "website",
  notes: "Musty smell",
  estimatedValue: null,
  scheduledDate: null,
  googleCalendarEventId: null,
  submissionId: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  ...overrides,
});

describe("booking options", () => {
  it("offers 30-minute slots from 8:00 AM to 6:00 PM in the dialog, to 5:30 PM in the modal", () => {
    expect(bookingTimeSlots).toHaveLength(21);
    expect(bookingTimeSlots[0]).toEqual({ value: "08:00", label: "8:00 AM" });
    expect(bookingTimeSlots[1]?.value).toBe("08:30");
    expect(bookingTimeSlots.at(-1)).toEqual({ value: "18:00", label: "6:00 PM" });
    expect(scheduleModalTimeSlots).toHaveLength(20);
    expect(scheduleModalTimeSlots.at(-1)).toEqual({ value: "17:30", label: "5:30 PM" });
  });

  it("keeps a prefilled time that is not a slot, in order", () => {
    const options = timeSlotOptionsFor(bookingTimeSlots, "07:00");
    expect(options[0]).toEqual({ value: "07:00", label: "7:00 AM" });
    expect(options).toHaveLength(22);
    expect(timeSlotOptionsFor(bookingTimeSlots, "09:30")).toHaveLength(21);
    expect(timeSlotOptionsFor(bookingTimeSlots, "")).toHaveLength(21);
  });

  it("offers the five durations, 60 by default", () => {
    expect(bookingDurations.map((d) => d.value)).toEqual(["30", "60", "90", "120", "180"]);
    expect(bookingDurations.map((d) => d.label)).toEqual(["30 minutes", "1 hour", "1.5 hours", "2 hours", "3 hours"]);
    expect(emptyBooking.duration).toBe("60");
    expect(emptyBooking.priority).toBe("medium");
  });
});

describe("bookingFromLead", () => {
  it("fills the client fields, blank where missing, and maps the service", () => {
    const values = bookingFromLead(lead(), { ...emptyBooking, appointmentDate: "2025-07-01", appointmentTime: "10:00" }, NY);
    expect(values).toMatchObject({
      clientName: "Ana Lopez",
      email: "ana@example.com",
      phone: "8285550100",
      address: "",
      service: "crawl-space-encapsulation",
      priority: "high",
      notes: "Musty smell",
      appointmentDate: "2025-07-01",
      appointmentTime: "10:00",
    });
  });

  it("prefills a scheduled lead's current date, time (business zone) and length", () => {
    const scheduled = lead({ scheduledDate: "2025-07-02T18:30:00.000Z", durationMinutes: 90 });
    expect(bookingFromLead(scheduled, emptyBooking, NY)).toMatchObject({
      appointmentDate: "2025-07-02",
      appointmentTime: "14:30",
      duration: "90",
    });
  });

  it("keeps a service the dialog does not list", () => {
    expect(bookingFromLead(lead({ service: "sump-pump" }), emptyBooking, NY).service).toBe("sump-pump");
    expect(bookingServiceOptionsFor("sump-pump").at(-1)).toEqual({ value: "sump-pump", label: "Sump Pump Installation" });
  });

  it("clears the client fields for a new client", () => {
    const filled = bookingFromLead(lead(), emptyBooking, NY);
    expect(bookingFromLead(undefined, filled, NY)).toMatchObject({
      leadId: "",
      clientName: "",
      email: "",
      phone: "",
      notes: "",
      priority: "medium",
    });
  });
});

describe("Assigned to", () => {
  const me = "3f1d2c4e-2222-4a2b-9c3d-00000000000a";
  const tech = "3f1d2c4e-2222-4a2b-9c3d-00000000000b";

  it("opens on the lead's current assignee, else keeps the booker", () => {
    expect(bookingFromLead(lead({ assignedTo: tech }), { ...emptyBooking, assignedTo: me }, NY).assignedTo).toBe(tech);
    expect(bookingFromLead(lead({ assignedTo: null }), { ...emptyBooking, assignedTo: me }, NY).assignedTo).toBe(me);
    expect(bookingFromLead(undefined, { ...emptyBooking, assignedTo: tech }, NY).assignedTo).toBe(tech);
  });

  it("sends the chosen person, and nothing when none is chosen", () => {
    const values = { ...bookingFromLead(lead(), emptyBooking, NY), appointmentDate: "2025-07-01", appointmentTime: "09:00" };
    expect(bookingRequest({ ...values, assignedTo: tech }, lead(), false)).toMatchObject({ leadId: lead().id, assignedTo: tech });
    expect(bookingRequest(values, lead(), false)).not.toHaveProperty("assignedTo");
  });
});

describe("validateBooking", () => {
  it("uses the docs/product.md messages", () => {
    expect(validateBooking(emptyBooking, NY, NOW)).toEqual({
      clientName: "Client name is required",
      email: "Valid email is required",
      phone: "Phone number is required",
      address: "Address is required",
      zipCode: "Zip code must be at least 5 characters",
      service: "Service is required",
      appointmentDate: "Appointment date is required",
      appointmentTime: "Appointment time is required",
    });
  });

  it("passes a complete booking and needs no zip code for an existing lead", () => {
    const values = {
      ...bookingFromLead(lead({ address: "1 Main St" }), emptyBooking, NY),
      appointmentDate: "2025-07-01",
      appointmentTime: "09:30",
    };
    expect(validateBooking({ ...values, zipCode: "" }, NY, NOW)).toEqual({});
  });

  it("refuses a date before today in the business zone, not today", () => {
    const values = { ...bookingFromLead(lead({ address: "1 Main St" }), emptyBooking, NY), appointmentTime: "09:30" };
    expect(validateBooking({ ...values, appointmentDate: "2025-06-19" }, NY, NOW)).toEqual({ appointmentDate: PAST_DATE_MESSAGE });
    expect(validateBooking({ ...values, appointmentDate: "2025-06-20" }, NY, NOW)).toEqual({});
  });

  it("asks a new client for a phone of at least 10 digits, as the server does (one rule set for both booking calls)", () => {
    const client = {
      ...emptyBooking,
      clientName: "Jo Lee",
      email: "jo@example.com",
      address: "1 Main St",
      zipCode: "28801",
      service: "consultation",
      appointmentDate: "2025-07-01",
      appointmentTime: "09:30",
    };
    expect(validateBooking({ ...client, phone: "123" }, NY, NOW)).toEqual({ phone: "Phone number must be at least 10 digits" });
    expect(validateBooking({ ...client, phone: "(828) 555-0147" }, NY, NOW)).toEqual({});
  });
});

describe("bookingRequest", () => {
  it("sends every client field for a new client", () => {
    const values = {
      ...emptyBooking,
      clientName: "Bo",
      email: "bo@example.com",
      phone: "828",
      address: "2 Elm",
      zipCode: "28801",
      service: "consultation",
      appointmentDate: "2025-07-01",
      appointmentTime: "08:00",
      duration: "120",
    };
    expect(bookingRequest(values, undefined, false)).toEqual({
      clientName: "Bo",
      email: "bo@example.com",
      phone: "828",
      address: "2 Elm",
      zipCode: "28801",
      service: "consultation",
      appointmentDate: "2025-07-01",
      appointmentTime: "08:00",
      durationMinutes: 120,
      priority: "medium",
      notes: "",
      confirm: false,
    });
  });

  it("sends a lead's id and only what was typed over its details", () => {
    const existing = lead({ address: "1 Main St" });
    const values = {
      ...bookingFromLead(existing, emptyBooking, NY),
      phone: "8285550199",
      appointmentDate: "2025-07-01",
      appointmentTime: "09:30",
    };
    expect(bookingRequest(values, existing, true)).toEqual({
      leadId: existing.id,
      phone: "8285550199",
      appointmentDate: "2025-07-01",
      appointmentTime: "09:30",
      durationMinutes: 60,
      priority: "high",
      notes: "Musty smell",
      confirm: true,
    });
    expect(bookingRequest({ ...values, service: "vapor-barriers" }, existing, false).service).toBe("vapor-barriers");
  });
});

describe("bookableLeads", () => {
  it("lists unscheduled leads by name, the preselected one first", () => {
    const a = lead({ id: "a", name: "Zed" });
    const b = lead({ id: "b", name: "Amy" });
    const c = lead({ id: "c", name: "Cal", scheduledDate: "2025-07-01T13:00:00.000Z" });
    expect(bookableLeads([a, b, c]).map((l) => l.name)).toEqual(["Amy", "Zed"]);
    expect(bookableLeads([a, b, c], c).map((l) => l.name)).toEqual(["Cal", "Amy", "Zed"]);
  });
});
