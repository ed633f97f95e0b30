import type { Lead } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import { buildLeadsCsv, csvCell, leadsCsvFilename } from "./lead-csv";

const lead = (overrides: Partial<Lead> = {}): Lead => ({
  id: "3f1d2c4e-1111-4a2b-9c3d-000000000001",
  name: "Ana Núñez",
  email: "ana@example.com",
  phone: "828-555-0100",
  address: "12 Elm St, Asheville",
  zipCode: "28801",
  service: "crawl-space",
  status: "new",
  priority: "high",
  source: "website",
  notes: null,
  estimatedValue: "4500",
  scheduledDate: null,
  googleCalendarEventId: null,
  submissionId: null,
  // 10:15 in Asheville (EDT).
  createdAt: "2025-05-02T14:15:00.000Z",
  updatedAt: "2025-05-02T14:15:00.000Z",
  ...overrides,
});

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "dry"')).toBe('"say ""dry"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(1500)).toBe("1500");
  });

  it("neutralises formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 828 555 0100")).toBe("'+1 828 555 0100");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a=b")).toBe("a=b");
  });
});

const NY = "America/New_York";

describe("buildLeadsCsv", () => {
  it("starts with a BOM and a header, ends rows with CRLF", () => {
    const csv = buildLeadsCsv(
      [lead(), lead({ name: "Bo, Jr.", notes: "Wet\r\ncrawl space", scheduledDate: "2025-06-01T13:00:00.000Z" })],
      NY,
    );
    expect(
      csv.startsWith(
        "\uFEFFName,Email,Phone,Address,Zip Code,Service,Status,Priority,Lead Source,Estimated Value,Scheduled,Assigned To,Notes,Created,Lead ID\r\n",
      ),
    ).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const body = csv.slice(1);
    expect(body).toContain(
      'Ana Núñez,ana@example.com,(828) 555-0100,"12 Elm St, Asheville",28801,Crawl Space Encapsulation,New,High,Website,4500,,,,2025-05-02 10:15,3f1d2c4e-1111-4a2b-9c3d-000000000001\r\n',
    );
    expect(body).toContain('"Bo, Jr."');
    expect(body).toContain('"Wet\r\ncrawl space"');
    expect(body).toContain(",2025-06-01 09:00,");
  });

  it("names the assignee as the calendar does (their display name), and ends each row with the lead's id", () => {
    const sam = "7a0c1b2d-2222-4c3d-8e4f-000000000002";
    const jo = "7a0c1b2d-2222-4c3d-8e4f-000000000003";
    // Addresses without commas, so that a row splits at its commas.
    const csv = buildLeadsCsv(
      [
        lead({ address: "12 Elm St", assignedTo: sam, assigneeName: "sam" }),
        lead({ address: "12 Elm St", id: "3f1d2c4e-1111-4a2b-9c3d-000000000009", assignedTo: jo, assigneeName: "jo" }),
        lead({ address: "12 Elm St", assignedTo: null, assigneeName: null }),
      ],
      NY,
      new Map([[sam, "Sam Ortiz"]]),
    );
    const rows = csv.slice(1).trimEnd().split("\r\n");
    const header = rows[0]!.split(",");
    const at = (row: number, column: string) => rows[row]!.split(",")[header.indexOf(column)];
    expect(at(1, "Assigned To")).toBe("Sam Ortiz");
    // Not in the staff list (yet): the username the server gave.
    expect(at(2, "Assigned To")).toBe("jo");
    expect(at(3, "Assigned To")).toBe("");
    expect(header.at(-1)).toBe("Lead ID");
    expect(rows[2]!.endsWith(",3f1d2c4e-1111-4a2b-9c3d-000000000009")).toBe(true);
  });

  it("writes labels, not codes, and the business's clock whatever the computer's zone", () => {
    const saved = process.env["TZ"];
    process.env["TZ"] = "Asia/Tokyo";
    try {
      const csv = buildLeadsCsv(
        [
          lead({
            priority: "low",
            source: "appointment-booking",
            status: "in-progress",
            phone: "8285550142",
            createdAt: "2025-12-31T23:30:00.000Z",
          }),
        ],
        NY,
      );
      expect(csv).toContain(",(828) 555-0142,");
      expect(csv).toContain(",Low,Appointment Booking,");
      expect(csv).toContain(",2025-12-31 18:30,");
      expect(leadsCsvFilename(NY, Date.parse("2026-01-01T03:00:00.000Z"))).toBe("crawlguard-leads-2025-12-31.csv");
    } finally {
      if (saved === undefined) delete process.env["TZ"];
      else process.env["TZ"] = saved;
    }
  });

  it("is just the header for no leads", () => {
    expect(buildLeadsCsv([], NY).split("\r\n")).toHaveLength(2);
  });

  it("names the file with the date", () => {
    expect(leadsCsvFilename(NY, Date.parse("2025-01-07T17:00:00.000Z"))).toBe("crawlguard-leads-2025-01-07.csv");
  });
});
