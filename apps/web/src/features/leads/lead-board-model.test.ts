import { describe, expect, it } from "vitest";
import { columnOf, filterLeads, formatCurrency, groupByColumn, leadStats, sumEstimatedValues, truncate } from "./lead-board-model";
import type { LeadStatus } from "./lead-board-model";

type Row = { name: string; email: string; phone: string | null; status: LeadStatus; estimatedValue: string | null };

const rows: Row[] = [
  { name: "Ana Lopez", email: "ana@example.com", phone: "(828) 555-0100", status: "new", estimatedValue: "1200" },
  { name: "Bill Chen", email: "bchen@mail.test", phone: "828.555.0199", status: "won", estimatedValue: "3500.50" },
  { name: "Cara Diaz", email: "cara@example.com", phone: null, status: "in-progress", estimatedValue: "abc" },
  { name: "Dan Ross", email: "dan@example.com", phone: "8285550142", status: "completed", estimatedValue: null },
];

describe("filterLeads", () => {
  it("matches name, email or phone, case-insensitively", () => {
    expect(filterLeads(rows, { search: "ana", status: "all" }).map((r) => r.name)).toEqual(["Ana Lopez"]);
    expect(filterLeads(rows, { search: "MAIL.TEST", status: "all" }).map((r) => r.name)).toEqual(["Bill Chen"]);
    expect(filterLeads(rows, { search: "  ", status: "all" })).toHaveLength(4);
  });

  it("ignores accents in the search and in the leads", () => {
    const named: Row[] = [
      { name: "José Nuñez", email: "jose@example.com", phone: null, status: "new", estimatedValue: null },
      { name: "Renee Dubois", email: "renée@example.fr", phone: null, status: "new", estimatedValue: null },
    ];
    expect(filterLeads(named, { search: "jose nunez", status: "all" }).map((r) => r.name)).toEqual(["José Nuñez"]);
    expect(filterLeads(named, { search: "NUÑEZ", status: "all" }).map((r) => r.name)).toEqual(["José Nuñez"]);
    expect(filterLeads(named, { search: "renée", status: "all" }).map((r) => r.name)).toEqual(["Renee Dubois"]);
  });

  it("matches phone numbers whatever their punctuation", () => {
    expect(filterLeads(rows, { search: "828-555-0199", status: "all" }).map((r) => r.name)).toEqual(["Bill Chen"]);
    expect(filterLeads(rows, { search: "(828) 555", status: "all" }).map((r) => r.name)).toEqual([
      "Ana Lopez",
      "Bill Chen",
      "Dan Ross",
    ]);
    expect(filterLeads(rows, { search: "0142", status: "all" }).map((r) => r.name)).toEqual(["Dan Ross"]);
  });

  it("does not treat digits inside words as a phone search", () => {
    expect(filterLeads(rows, { search: "ana 555", status: "all" })).toEqual([]);
  });

  it("filters by the status column, search and status together", () => {
    expect(filterLeads(rows, { search: "", status: "won" }).map((r) => r.name)).toEqual(["Bill Chen", "Dan Ross"]);
    expect(filterLeads(rows, { search: "", status: "scheduled" }).map((r) => r.name)).toEqual(["Cara Diaz"]);
    expect(filterLeads(rows, { search: "dan", status: "new" })).toEqual([]);
  });
});

describe("columns", () => {
  it("puts the calendar-only statuses in Scheduled and Won", () => {
    expect(columnOf("in-progress")).toBe("scheduled");
    expect(columnOf("completed")).toBe("won");
    expect(columnOf("quoted")).toBe("quoted");
  });

  it("groups leads into the six columns with their dollar totals", () => {
    const columns = groupByColumn(rows);
    expect(columns.map((c) => c.title)).toEqual(["New Leads", "Contacted", "Scheduled", "Quoted", "Won", "Lost"]);
    expect(columns.map((c) => c.leads.length)).toEqual([1, 0, 1, 0, 2, 0]);
    expect(columns.find((c) => c.id === "won")?.total).toBe(3500.5);
    expect(columns.find((c) => c.id === "scheduled")?.total).toBe(0);
  });

  it("adds values like money", () => {
    expect(sumEstimatedValues([{ estimatedValue: "0.1" }, { estimatedValue: "0.2" }])).toBe(0.3);
    expect(formatCurrency(12500)).toBe("$12,500");
    expect(formatCurrency(3500.5)).toBe("$3,500.50");
  });
});

describe("leadStats", () => {
  it("counts by exact status", () => {
    expect(leadStats(rows)).toEqual({ total: 4, new: 1, scheduled: 0, won: 1 });
  });
});

describe("truncate", () => {
  it("cuts long text with an ellipsis", () => {
    expect(truncate("short", 100)).toBe("short");
    expect(truncate("x".repeat(120), 100)).toBe(`${"x".repeat(100)}...`);
  });
});
