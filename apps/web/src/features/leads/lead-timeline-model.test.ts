import { describe, expect, it } from "vitest";
import { describeLeadEvent, describeLeadEventMeta } from "./lead-timeline-model";

describe("lead timeline entries", () => {
  it("describes each kind of change", () => {
    expect(describeLeadEvent({ kind: "created", from: null, to: "new" })).toBe("Lead created as New");
    expect(describeLeadEvent({ kind: "converted", from: null, to: "new" })).toBe("Converted from a contact submission");
    expect(describeLeadEvent({ kind: "status", from: "new", to: "in-progress" })).toBe("Status: New → In Progress");
    expect(describeLeadEvent({ kind: "value", from: null, to: "2500" })).toBe("Estimated value: none → $2,500");
    expect(describeLeadEvent({ kind: "value", from: "1000", to: "1500.5" })).toBe("Estimated value: $1,000 → $1,500.50");
  });

  it("describes bookings in local time", () => {
    const booked = new Date(2026, 11, 1, 14, 0).toISOString();
    const moved = new Date(2026, 11, 2, 9, 30).toISOString();
    expect(describeLeadEvent({ kind: "schedule", from: null, to: booked })).toBe("Appointment booked for Dec 1, 2026 2:00 PM");
    expect(describeLeadEvent({ kind: "schedule", from: booked, to: moved })).toBe("Appointment moved: Dec 1, 2026 2:00 PM → Dec 2, 2026 9:30 AM");
    expect(describeLeadEvent({ kind: "schedule", from: moved, to: null })).toBe("Appointment removed (was Dec 2, 2026 9:30 AM)");
  });

  it("says who and when, even for a deleted account", () => {
    const at = new Date(2026, 10, 21, 16, 5).toISOString();
    expect(describeLeadEventMeta({ createdAt: at, actorName: "sam" })).toBe("Nov 21, 2026 4:05 PM · sam");
    expect(describeLeadEventMeta({ createdAt: at, actorName: null })).toBe("Nov 21, 2026 4:05 PM · Unknown user");
  });
});
