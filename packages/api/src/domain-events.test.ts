import { describe, expect, it } from "vitest";
import { deletedLeadSnapshot, PUBLIC_LEAD_FIELDS, publicLeadFields } from "./domain-events.js";

/** A lead row as the database answers it, staff-only fields included. */
const row = {
  id: "3f1c2a9e-5b7d-4e8f-9a10-2b3c4d5e6f70",
  name: "Kim Park",
  email: "kim@example.com",
  phone: null,
  address: "1 Main St, Asheville, NC 28801",
  zipCode: "28801",
  service: "consultation",
  status: "scheduled",
  source: "website",
  scheduledDate: new Date("2026-07-07T14:00:00Z"),
  durationMinutes: 90,
  notes: "STAFF ONLY",
  estimatedValue: "2500",
  priority: "high",
  assignedTo: "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  googleCalendarEventId: "google-event",
  createdAt: new Date("2026-07-01T12:00:00Z"),
};

describe("a lead's public fields", () => {
  it("are PUBLIC_LEAD_FIELDS, in that order, instants as ISO 8601, and nothing staff-only", () => {
    const fields = publicLeadFields(row);
    expect(Object.keys(fields)).toEqual([...PUBLIC_LEAD_FIELDS]);
    expect(fields.scheduledDate).toBe("2026-07-07T14:00:00.000Z");
    expect(publicLeadFields({ ...row, scheduledDate: null }).scheduledDate).toBeNull();
  });

  it("are what lead.deleted keeps, with createdAt and the staff-only values apart; picking them from that copy gives the same fields", () => {
    const snapshot = deletedLeadSnapshot(row);
    expect(Object.keys(snapshot)).toEqual([...PUBLIC_LEAD_FIELDS, "createdAt", "staff"]);
    expect(snapshot.createdAt).toBe("2026-07-01T12:00:00.000Z");
    expect(publicLeadFields(snapshot)).toEqual(publicLeadFields(row));
    // For webhook endpoints with includeStaffFields only; never the Google event id.
    expect(snapshot.staff).toEqual({
      notes: "STAFF ONLY",
      estimatedValue: "2500",
      priority: "high",
      assignedTo: "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
      assigneeName: null,
    });
  });
});
