import type { Lead } from "@crawlguard/validators";
import { leadCreateSchema } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import {
  bookingFromForm,
  estimatedValueInput,
  inlineEstimatedValue,
  leadFormValues,
  leadInputFromForm,
  serviceOptionsFor,
  sourceOptionsFor,
  statusOptionsFor,
} from "./lead-form-model";

const NY = "America/New_York";

describe("lead form", () => {
  it("starts with the docs/product.md defaults", () => {
    const values = leadFormValues(undefined, NY);
    expect(values).toMatchObject({ service: "crawl-space", status: "new", priority: "medium", source: "website", scheduledDate: "" });
  });

  it("sends a date without a time as 09:00 in the business zone and drops a time without a date", () => {
    const base = { ...leadFormValues(undefined, NY), name: "Ana", email: "ana@example.com", zipCode: "28801" };
    expect(leadInputFromForm({ ...base, scheduledDate: "2025-07-01", scheduledTime: "" }, NY).scheduledDate).toBe(
      "2025-07-01T13:00:00.000Z",
    );
    expect(leadInputFromForm({ ...base, scheduledDate: "", scheduledTime: "15:00" }, NY).scheduledDate).toBeNull();
  });

  it("validates with the shared schema and its docs/product.md messages", () => {
    const result = leadCreateSchema.safeParse(
      leadInputFromForm({ ...leadFormValues(undefined, NY), name: "Ana", email: "ana@example.com", zipCode: "288" }, NY),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain("Zip code must be at least 5 characters");
  });

  it("sends the estimated value as a number string", () => {
    expect(estimatedValueInput("")).toBeNull();
    expect(estimatedValueInput("2500")).toBe("2500");
    expect(estimatedValueInput("abc")).toBe("0");
    expect(estimatedValueInput("99.999")).toBe("100");
    expect(estimatedValueInput("-5")).toBe("0");
  });

  it("saves the card's inline value as a number of at least 0, blank as 0, and refuses the rest", () => {
    expect(inlineEstimatedValue("")).toBe("0");
    expect(inlineEstimatedValue(" 2500 ")).toBe("2500");
    expect(inlineEstimatedValue("99.999")).toBe("100");
    expect(inlineEstimatedValue(".5")).toBe("0.5");
    expect(inlineEstimatedValue("12.")).toBe("12");
    for (const bad of ["-5", "abc", "1e3", "$500", "12,000", "-0"]) expect(inlineEstimatedValue(bad), bad).toBeNull();
  });

  it("round-trips an existing lead", () => {
    const lead: Lead = {
      id: "3f1d2c4e-1111-4a2b-9c3d-000000000001",
      name: "Ana",
      email: "ana@example.com",
      phone: null,
      address: null,
      zipCode: "28801",
      service: "basement-waterproofing",
      status: "in-progress",
      priority: "high",
      source: "appointment-booking",
      notes: "Wet",
      estimatedValue: "1200",
      scheduledDate: "2025-09-09T17:30:00.000Z",
      googleCalendarEventId: null,
      submissionId: null,
      createdAt: "2025-01-01T00:00:00.000Z",
      updatedAt: "2025-01-01T00:00:00.000Z",
    };
    const values = leadFormValues(lead, NY);
    expect(values).toMatchObject({ phone: "", scheduledDate: "2025-09-09", scheduledTime: "13:30" });
    expect(leadInputFromForm(values, NY).scheduledDate).toBe(lead.scheduledDate);
    expect(serviceOptionsFor(lead.service).at(-1)).toEqual({ value: "basement-waterproofing", label: "Basement Waterproofing" });
    expect(statusOptionsFor(lead.status).map((o) => o.value)).toContain("in-progress");
    expect(sourceOptionsFor(lead.source).map((o) => o.value)).toContain("appointment-booking");
    expect(sourceOptionsFor("website").map((o) => o.value)).not.toContain("appointment-booking");
  });
});

describe("bookingFromForm (a date set in the form goes through the booking check)", () => {
  const base = { ...leadFormValues(undefined, NY), name: "Ana", email: "ana@example.com", zipCode: "28801" };
  const booked = { id: "6f1c2c1e-7d4e-4a53-9c61-2f8f7a3b9d10", scheduledDate: "2031-03-14T13:00:00.000Z" } as Lead;

  it("books a new lead's date, a blank time as 09:00", () => {
    expect(bookingFromForm({ ...base, scheduledDate: "2031-03-14", scheduledTime: "" }, undefined, NY)).toEqual({
      appointmentDate: "2031-03-14",
      appointmentTime: "09:00",
    });
  });

  it("books nothing without a date, and nothing when the lead keeps its date and time", () => {
    expect(bookingFromForm({ ...base, scheduledDate: "", scheduledTime: "10:00" }, undefined, NY)).toBeNull();
    expect(bookingFromForm({ ...base, scheduledDate: "2031-03-14", scheduledTime: "09:00" }, booked, NY)).toBeNull();
    expect(bookingFromForm({ ...base, scheduledDate: "2031-03-14", scheduledTime: "" }, booked, NY)).toBeNull();
  });

  it("books a changed time or a changed date of a lead already booked", () => {
    expect(bookingFromForm({ ...base, scheduledDate: "2031-03-14", scheduledTime: "09:30" }, booked, NY)).toEqual({
      appointmentDate: "2031-03-14",
      appointmentTime: "09:30",
    });
    expect(bookingFromForm({ ...base, scheduledDate: "2031-03-17", scheduledTime: "09:00" }, booked, NY)?.appointmentDate).toBe(
      "2031-03-17",
    );
  });
});
