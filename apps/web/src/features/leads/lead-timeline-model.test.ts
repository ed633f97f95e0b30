import { describe, expect, it } from "vitest";
import { describeLeadEvent, describeLeadEventMeta } from "./lead-timeline-model";

describe("lead timeline entries", () => {
  const ZONE = "America/New_York";

  it("describes each kind of change", () => {
    expect(describeLeadEvent({ kind: "created", from: null, to: "new" }, ZONE)).toBe("Lead created as New");
    expect(describeLeadEvent({ kind: "converted", from: null, to: "new" }, ZONE)).toBe("Converted from a contact submission");
    expect(describeLeadEvent({ kind: "status", from: "new", to: "in-progress" }, ZONE)).toBe("Status: New → In Progress");
    expect(describeLeadEvent({ kind: "value", from: null, to: "2500" }, ZONE)).toBe("Estimated value: none → $2,500");
    expect(describeLeadEvent({ kind: "value", from: "1000", to: "1500.5" }, ZONE)).toBe("Estimated value: $1,000 → $1,500.50");
  });

  it("describes notes, priority and assignee changes", () => {
    expect(describeLeadEvent({ kind: "priority", from: "medium", to: "high" }, ZONE)).toBe("Priority: Medium → High");
    expect(describeLeadEvent({ kind: "notes", from: null, to: "Side gate code 1234" }, ZONE)).toBe("Notes added: “Side gate code 1234”");
    expect(describeLeadEvent({ kind: "notes", from: "a", to: "b" }, ZONE)).toBe("Notes changed to “b”");
    expect(describeLeadEvent({ kind: "notes", from: "a", to: null }, ZONE)).toBe("Notes cleared");
    expect(describeLeadEvent({ kind: "notes", from: null, to: "x".repeat(120) }, ZONE)).toBe(`Notes added: “${"x".repeat(80)}...”`);
    expect(describeLeadEvent({ kind: "assignee", from: "sam", to: "ana" }, ZONE)).toBe("Assigned to: sam → ana");
    expect(describeLeadEvent({ kind: "assignee", from: null, to: "ana" }, ZONE)).toBe("Assigned to: nobody → ana");
  });

  it("describes the crew's entries: a visit note whole, a photo, the client told they are on the way", () => {
    const long = "Moisture 22% at the north wall. ".repeat(10).trim();
    expect(describeLeadEvent({ kind: "note", from: null, to: long }, ZONE)).toBe(`Note: ${long}`);
    expect(describeLeadEvent({ kind: "photo", from: null, to: "0b6f2d1e-9c1a-4f57-8d3e-2a3c4b5d6e7f" }, ZONE)).toBe("Photo added");
    expect(describeLeadEvent({ kind: "on-my-way", from: "2027-07-13T18:00:00.000Z", to: "2027-07-13T18:40:00.000Z" }, ZONE)).toBe(
      "Client told: on the way, arriving around 2:40 PM",
    );
  });

  it("describes a contact request added to the lead (Add to this lead)", () => {
    expect(describeLeadEvent({ kind: "submission", from: null, to: "Water in the crawl space again" }, ZONE)).toBe(
      "Contact request added: “Water in the crawl space again”",
    );
    expect(describeLeadEvent({ kind: "submission", from: null, to: null }, ZONE)).toBe("Contact request added (no message)");
  });

  it("describes bookings on the business's clock, whatever the computer's zone", () => {
    // 14:00 and 09:30 in Asheville (UTC-5 in December).
    const booked = "2026-12-01T19:00:00.000Z";
    const moved = "2026-12-02T14:30:00.000Z";
    expect(describeLeadEvent({ kind: "schedule", from: null, to: booked }, ZONE)).toBe("Appointment booked for Dec 1, 2026 2:00 PM");
    expect(describeLeadEvent({ kind: "schedule", from: booked, to: moved }, ZONE)).toBe(
      "Appointment moved: Dec 1, 2026 2:00 PM → Dec 2, 2026 9:30 AM",
    );
    expect(describeLeadEvent({ kind: "schedule", from: moved, to: null }, ZONE)).toBe("Appointment removed (was Dec 2, 2026 9:30 AM)");
  });

  it("says who and when, even for a deleted account", () => {
    const at = "2026-11-21T21:05:00.000Z";
    expect(describeLeadEventMeta({ createdAt: at, actorName: "sam" }, ZONE)).toBe("Nov 21, 2026 4:05 PM · sam");
    expect(describeLeadEventMeta({ createdAt: at, actorName: null }, ZONE)).toBe("Nov 21, 2026 4:05 PM · Unknown user");
    expect(describeLeadEventMeta({ createdAt: at, actorName: "sam" }, "America/Los_Angeles")).toBe("Nov 21, 2026 1:05 PM · sam");
  });
});
