import type { Lead } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import { bookableLeads, bookingDurations, bookingFromLead, bookingServiceOptionsFor, bookingTimeSlots, emptyBooking, validateBooking } from "./booking-form";

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
  it("offers 30-minute slots from 8:00 AM to 6:00 PM", () => {
    expect(bookingTimeSlots).toHaveLength(21);
    expect(bookingTimeSlots[0]).toEqual({ value: "08:00", label: "8:00 AM" });
    expect(bookingTimeSlots[1]?.value).toBe("08:30");
    expect(bookingTimeSlots.at(-1)).toEqual({ value: "18:00", label: "6:00 PM" });
  });

  it("offers the five durations, 60 by default", () => {
    expect(bookingDurations.map((d) => d.value)).toEqual(["30", "60", "90", "120", "180"]);
    expect(emptyBooking.duration).toBe("60");
    expect(emptyBooking.priority).toBe("medium");
  });
});

describe("bookingFromLead", () => {
  it("fills the client fields, blank where missing, and maps the service", () => {
    const values = bookingFromLead(lead(), { ...emptyBooking, appointmentDate: "2025-07-01", appointmentTime: "10:00" });
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

  it("keeps a service the dialog does not list", () => {
    expect(bookingFromLead(lead({ service: "sump-pump" }), emptyBooking).service).toBe("sump-pump");
    expect(bookingServiceOptionsFor("sump-pump").at(-1)).toEqual({ value: "sump-pump", label: "Sump Pump Installation" });
  });

  it("clears the client fields for a new client", () => {
    const filled = bookingFromLead(lead(), emptyBooking);
    expect(bookingFromLead(undefined, filled)).toMatchObject({ leadId: "", clientName: "", priority: "medium" });
  });
});

describe("validateBooking", () => {
  it("uses the SPEC messages", () => {
    expect(validateBooking(emptyBooking)).toEqual({
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
    const values = { ...bookingFromLead(lead({ address: "1 Main St" }), emptyBooking), appointmentDate: "2025-07-01", appointmentTime: "09:30" };
    expect(validateBooking({ ...values, zipCode: "" })).toEqual({});
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
