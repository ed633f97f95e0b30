import { describe, expect, it } from "vitest";
import { appointmentIcs } from "./ics.js";

const appointment = {
  leadId: "6f1c2a3b-0000-4000-8000-000000000001",
  host: "crawlguard.example",
  clientName: "Dana Reyes",
  clientEmail: "dana@example.com",
  organizerEmail: "office@crawlguard.example",
  service: "crawl-space-encapsulation",
  address: "12 Main St",
  start: "2026-05-01T14:00:00.000Z",
  end: "2026-05-01T15:30:00.000Z",
  sequence: 3,
};

/** The file's unfolded lines. */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("a client's appointment as a calendar file", () => {
  it("takes the time while the appointment stands", () => {
    const lines = linesOf(appointmentIcs({ ...appointment, cancelled: false }));
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines).toContain("TRANSP:OPAQUE");
    expect(lines).toContain("X-MICROSOFT-CDO-BUSYSTATUS:BUSY");
  });

  it("frees it when cancelled, for Outlook too (its busy status is read before TRANSP)", () => {
    const lines = linesOf(appointmentIcs({ ...appointment, cancelled: true }));
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("TRANSP:TRANSPARENT");
    expect(lines).toContain("X-MICROSOFT-CDO-BUSYSTATUS:FREE");
    expect(lines.filter((l) => /BUSYSTATUS|^TRANSP:/.test(l))).toHaveLength(2);
  });
});
