import type { Lead } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import { dayHeading, fullAddress, jobFromLead, jobTimeRange, mapsUrlOf, telHref } from "./crew-model";

const ZONE = "America/New_York";

describe("the crew's day on the phone", () => {
  it("a job's time is the business zone's clock, AM/PM said once when both ends share it", () => {
    expect(jobTimeRange({ start: "2027-07-13T13:30:00.000Z", end: "2027-07-13T14:30:00.000Z" }, ZONE)).toBe("9:30 – 10:30 AM");
    expect(jobTimeRange({ start: "2027-07-13T15:30:00.000Z", end: "2027-07-13T17:00:00.000Z" }, ZONE)).toBe("11:30 AM – 1:00 PM");
  });

  it("dials the digits of a phone number as typed", () => {
    expect(telHref("(828) 555-0147")).toBe("tel:8285550147");
    expect(telHref(" +1 828.555.0147 ")).toBe("tel:+18285550147");
  });

  it("an address is shown whole, with its zip code once, and searched in Google Maps", () => {
    expect(fullAddress("12 Merrimon Ave, Asheville, NC", "28801")).toBe("12 Merrimon Ave, Asheville, NC 28801");
    expect(fullAddress("12 Merrimon Ave, Asheville, NC 28801", "28801")).toBe("12 Merrimon Ave, Asheville, NC 28801");
    expect(mapsUrlOf("5 Oak St #2, NC")).toBe("https://www.google.com/maps/search/?api=1&query=5%20Oak%20St%20%232%2C%20NC");
    expect(mapsUrlOf(null)).toBeNull();
  });

  it("a scheduled lead is a job with the service's label; one without a date is none", () => {
    const lead = {
      id: "7d8e2d5c-3b1a-4c5e-9f0a-1b2c3d4e5f60",
      name: "Casey Client",
      email: "casey@example.com",
      phone: "(828) 555-0147",
      address: "12 Merrimon Ave, Asheville, NC",
      zipCode: "28801",
      service: "crawl-space-encapsulation",
      status: "scheduled",
      priority: "medium",
      source: "website",
      notes: "Dog in the yard",
      estimatedValue: "2500",
      scheduledDate: "2027-07-13T17:00:00.000Z",
      googleCalendarEventId: null,
      submissionId: null,
      createdAt: "2027-07-01T12:00:00.000Z",
      updatedAt: "2027-07-01T12:00:00.000Z",
      durationMinutes: 90,
    } satisfies Lead;
    expect(jobFromLead(lead)).toEqual({
      leadId: lead.id,
      start: "2027-07-13T17:00:00.000Z",
      end: "2027-07-13T18:30:00.000Z",
      clientName: "Casey Client",
      phone: "(828) 555-0147",
      address: "12 Merrimon Ave, Asheville, NC 28801",
      service: "Crawl Space Encapsulation",
      notes: "Dog in the yard",
      status: "scheduled",
      estimatedValue: "2500",
      mapsUrl: "https://www.google.com/maps/search/?api=1&query=12%20Merrimon%20Ave%2C%20Asheville%2C%20NC%2028801",
    });
    expect(jobFromLead({ ...lead, scheduledDate: null })).toBeNull();
  });

  it("names a calendar day whatever the computer's zone", () => {
    expect(dayHeading("2027-07-13")).toBe("Tuesday, July 13");
  });
});
