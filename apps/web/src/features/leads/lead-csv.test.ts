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
  createdAt: new Date(2025, 4, 2, 10, 15).toISOString(),
  updatedAt: new Date(2025, 4, 2, 10, 15).toISOString(),
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
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("+1 828 555 0100")).toBe("'+1 828 555 0100");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("buildLeadsCsv", () => {
  it("starts with a BOM and a header, ends rows with CRLF", () => {
    const csv = buildLeadsCsv([lead(), lead({ name: "Bo, Jr.", notes: "Wet\r\ncrawl space", scheduledDate: new Date(2025, 5, 1, 9, 0).toISOString() })]);
    expect(csv.startsWith("\uFEFFName,Email,Phone,Address,Zip Code,Service,Status,Priority,Lead Source,Estimated Value,Scheduled,Notes,Created\r\n")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const body = csv.slice(1);
    expect(body).toContain(
      'Ana Núñez,ana@example.com,828-555-0100,"12 Elm St, Asheville",28801,Crawl Space Encapsulation,New,high,website,4500,,,2025-05-02 10:15\r\n',
    );
    expect(body).toContain('"Bo, Jr."');
    expect(body).toContain('"Wet\r\ncrawl space"');
    expect(body).toContain(",2025-06-01 09:00,");
  });

  it("is just the header for no leads", () => {
    expect(buildLeadsCsv([]).split("\r\n")).toHaveLength(2);
  });

  it("names the file with the date", () => {
    expect(leadsCsvFilename(new Date(2025, 0, 7))).toBe("crawlguard-leads-2025-01-07.csv");
  });
});
