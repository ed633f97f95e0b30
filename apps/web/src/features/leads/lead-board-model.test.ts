import { describe, expect, it } from "vitest";
import {
  columnOf,
  filterLeads,
  formatCurrency,
  groupByColumn,
  keepUnchangedColumns,
  leadStats,
  prepareSearch,
  sumEstimatedValues,
  truncate,
} from "./lead-board-model";
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
    expect(filterLeads(rows, { search: "(828) 555", status: "all" }).map((r) => r.name)).toEqual(["Ana Lopez", "Bill Chen", "Dan Ross"]);
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

  it("answers the list itself when nothing filters it", () => {
    expect(filterLeads(rows, { search: " ", status: "all" })).toBe(rows);
  });

  it("sees a changed lead (a new object) with its new text", () => {
    const list = [...rows];
    expect(filterLeads(list, { search: "ana", status: "all" })).toHaveLength(1);
    list[0] = { ...rows[0]!, name: "Zoe Park", email: "zoe@example.com" };
    expect(filterLeads(list, { search: "ana", status: "all" })).toEqual([]);
    expect(filterLeads(list, { search: "zoe", status: "all" }).map((r) => r.name)).toEqual(["Zoe Park"]);
  });
});

describe("prepareSearch", () => {
  /** A lead that counts how often its name is read. */
  const counted = (i: number) => {
    let reads = 0;
    const lead = {
      get name() {
        reads += 1;
        return `Lead ${i}`;
      },
      email: `lead${i}@example.com`,
      phone: null,
      status: "new" as const,
      estimatedValue: null,
    };
    return { lead, reads: () => reads };
  };
  type Work = Parameters<Parameters<typeof prepareSearch>[1] & {}>[0];

  it("prepares the leads' text in idle slices, so a search then reads no lead again", () => {
    const made = Array.from({ length: 250 }, (_, i) => counted(i));
    const leads = made.map((m) => m.lead);
    const slices: Work[] = [];
    prepareSearch(leads, (work) => {
      slices.push(work);
      return () => {};
    });
    // No idle time left after each slice: 100 leads a slice.
    for (let ran = 0; ran < slices.length; ran += 1) slices[ran]!({ timeRemaining: () => 0 });
    expect(slices).toHaveLength(3);
    expect(made.every((m) => m.reads() === 1)).toBe(true);
    expect(filterLeads(leads, { search: "lead 24", status: "all" })).toHaveLength(11);
    expect(made.every((m) => m.reads() === 1)).toBe(true);
  });

  it("uses the idle time it is given, and stops when asked", () => {
    const made = Array.from({ length: 500 }, (_, i) => counted(i));
    const slices: Work[] = [];
    const cancelled: number[] = [];
    const stop = prepareSearch(
      made.map((m) => m.lead),
      (work) => {
        const index = slices.push(work) - 1;
        return () => cancelled.push(index);
      },
    );
    let budget = 3;
    slices[0]!({ timeRemaining: () => (budget -= 1) });
    expect(made.filter((m) => m.reads() > 0)).toHaveLength(200);
    stop();
    expect(cancelled).toEqual([1]);
  });
});

describe("keepUnchangedColumns", () => {
  it("keeps the column objects whose leads did not change, so memoised columns skip rendering", () => {
    const before = groupByColumn(rows);
    const moved = rows.map((row) => (row.name === "Ana Lopez" ? { ...row, status: "contacted" as const } : row));
    const after = keepUnchangedColumns(before, groupByColumn(moved));
    const byId = (columns: typeof before, id: string) => columns.find((c) => c.id === id);
    expect(byId(after, "won")).toBe(byId(before, "won"));
    expect(byId(after, "scheduled")).toBe(byId(before, "scheduled"));
    expect(byId(after, "new")).not.toBe(byId(before, "new"));
    expect(byId(after, "contacted")).not.toBe(byId(before, "contacted"));
    expect(byId(after, "contacted")?.leads.map((r) => r.name)).toEqual(["Ana Lopez"]);
    expect(byId(after, "new")?.leads).toEqual([]);
  });

  it("replaces a column whose lead changed in place (an edited value) and takes everything the first time", () => {
    const before = groupByColumn(rows);
    const edited = rows.map((row) => (row.name === "Bill Chen" ? { ...row, estimatedValue: "10" } : row));
    const after = keepUnchangedColumns(before, groupByColumn(edited));
    expect(after.find((c) => c.id === "won")?.total).toBe(10);
    expect(after.find((c) => c.id === "won")).not.toBe(before.find((c) => c.id === "won"));
    const fresh = groupByColumn(rows);
    expect(keepUnchangedColumns(undefined, fresh)).toBe(fresh);
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
  it("counts what the columns count: Won with completed, Scheduled with in progress, with or without an appointment", () => {
    expect(leadStats(rows)).toEqual({ total: 4, new: 1, scheduled: 1, won: 2 });
    const booked = [
      ...rows,
      { ...rows[0]!, status: "scheduled" as const, scheduledDate: "2031-03-14T13:00:00.000Z" },
      { ...rows[0]!, status: "in-progress" as const, scheduledDate: "2031-03-15T13:00:00.000Z" },
      { ...rows[0]!, status: "scheduled" as const, scheduledDate: null },
    ];
    const stats = leadStats(booked);
    expect(stats).toEqual({ total: 7, new: 1, scheduled: 4, won: 2 });
    // The stat cards, the column badges, the cards shown and the status filter agree.
    const columns = groupByColumn(booked);
    const column = (id: string) => columns.find((c) => c.id === id);
    for (const id of ["new", "scheduled", "won"] as const) {
      expect(column(id)?.count).toBe(stats[id]);
      expect(column(id)?.leads).toHaveLength(stats[id]);
      expect(filterLeads(booked, { search: "", status: id })).toHaveLength(stats[id]);
    }
    // The Scheduled column says how many of its cards still need an appointment.
    expect(column("scheduled")?.unbooked).toBe(2);
  });

  it("keeps the badges equal to the cards shown while a search narrows the board", () => {
    const leads: Row[] = [
      { name: "Eve Park", email: "eve@example.com", phone: null, status: "scheduled", estimatedValue: null },
      { name: "Eve Stone", email: "stone@example.com", phone: null, status: "in-progress", estimatedValue: null },
      { name: "Fay Lund", email: "fay@example.com", phone: null, status: "scheduled", estimatedValue: null },
    ];
    const shown = filterLeads(leads, { search: "eve", status: "all" });
    const scheduled = groupByColumn(shown).find((c) => c.id === "scheduled");
    expect(scheduled?.leads.map((l) => l.name)).toEqual(["Eve Park", "Eve Stone"]);
    expect(scheduled?.count).toBe(2);
    expect(leadStats(shown)).toEqual({ total: 2, new: 0, scheduled: 2, won: 0 });
  });
});

describe("truncate", () => {
  it("cuts long text with an ellipsis", () => {
    expect(truncate("short", 100)).toBe("short");
    expect(truncate("x".repeat(120), 100)).toBe(`${"x".repeat(100)}...`);
  });
});
