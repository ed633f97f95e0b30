import type { Lead } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import { emptySchedule, modalServiceOptionsFor, scheduleFromLead, scheduleRequest, validateSchedule } from "./schedule-form";

const NY = "America/New_York";
const NOW = Date.parse("2025-06-20T16:00:00Z");

const lead = (overrides: Partial<Lead> = {}): Lead => ({
  id: "3f1d2c4e-1111-4a2b-9c3d-000000000002",
  name: "Dee Park",
  email: "dee@example.com",
  phone: "(828) 555-0142",
  address: "4 Oak St, Asheville, NC 28801",
  zipCode: "28801",
  service: "basement",
  status: "contacted",
  priority: "medium",
  source: "website",
  notes: null,
  estimatedValue: "2500",
  scheduledDate: null,
  googleCalendarEventId: null,
  submissionId: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  ...overrides,
});

describe("the Schedule Appointment modal", () => {
  it("lists the nine services of the product's business constants", () => {
    expect(modalServiceOptionsFor("").map((o) => o.value)).toEqual([
      "crawl-space-encapsulation",
      "basement-waterproofing",
      "mold-remediation",
      "vapor-barrier-installation",
      "sump-pump-installation",
      "french-drain-installation",
      "foundation-repair",
      "dehumidification",
      "consultation",
    ]);
  });

  it("fills a chosen lead's fields (blank where missing) and clears them for New Client", () => {
    const values = scheduleFromLead(lead(), { ...emptySchedule, appointmentDate: "2025-07-01", appointmentTime: "09:00" });
    expect(values).toEqual({
      leadId: lead().id,
      clientName: "Dee Park",
      email: "dee@example.com",
      phone: "(828) 555-0142",
      address: "4 Oak St, Asheville, NC 28801",
      service: "basement-waterproofing",
      notes: "",
      estimatedValue: "2500",
      appointmentDate: "2025-07-01",
      appointmentTime: "09:00",
      assignedTo: "",
    });
    expect(scheduleFromLead(undefined, values)).toEqual({ ...emptySchedule, appointmentDate: "2025-07-01", appointmentTime: "09:00" });
  });

  it("validates with the modal's messages", () => {
    expect(validateSchedule(emptySchedule, NY, NOW)).toMatchObject({
      clientName: "Client name is required",
      email: "Valid email is required",
      phone: "Phone number must be at least 10 digits",
      address: "Address is required",
      service: "Service is required",
      appointmentDate: "Date is required",
      appointmentTime: "Time is required",
    });
    const filled = { ...scheduleFromLead(lead(), emptySchedule), appointmentDate: "2025-06-20", appointmentTime: "14:00" };
    expect(validateSchedule(filled, NY, NOW)).toEqual({});
    expect(validateSchedule({ ...filled, phone: "555-0142" }, NY, NOW)).toEqual({ phone: "Phone number must be at least 10 digits" });
    expect(validateSchedule({ ...filled, appointmentDate: "2025-06-19" }, NY, NOW)).toEqual({
      appointmentDate: "Appointment date cannot be in the past",
    });
  });

  it("sends the docs/product.md payload for a new client and only changes for a lead", () => {
    const values = {
      ...emptySchedule,
      clientName: "Eli",
      email: "eli@example.com",
      phone: "8285550111",
      address: "1 Elm",
      service: "foundation-repair",
      estimatedValue: "1200.5",
      appointmentDate: "2025-07-01",
      appointmentTime: "17:30",
    };
    expect(scheduleRequest(values, undefined, false)).toEqual({
      clientName: "Eli",
      email: "eli@example.com",
      phone: "8285550111",
      address: "1 Elm",
      service: "foundation-repair",
      estimatedValue: "1200.5",
      appointmentDate: "2025-07-01",
      appointmentTime: "17:30",
      notes: "",
      confirm: false,
    });
    const existing = lead();
    const chosen = {
      ...scheduleFromLead(existing, emptySchedule),
      appointmentDate: "2025-07-01",
      appointmentTime: "10:00",
      estimatedValue: "3000",
    };
    expect(scheduleRequest(chosen, existing, true)).toEqual({
      leadId: existing.id,
      appointmentDate: "2025-07-01",
      appointmentTime: "10:00",
      notes: "",
      estimatedValue: "3000",
      confirm: true,
    });
  });
});
