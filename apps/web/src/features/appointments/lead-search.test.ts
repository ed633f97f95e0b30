import type { Lead } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import { MAX_PICKER_OPTIONS, searchableLeads, searchLeadOptions } from "./lead-search";

function lead(i: number, overrides: Partial<Lead> = {}): Lead {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    name: `Client ${i}`,
    email: `client${i}@example.com`,
    phone: `828555${String(i).padStart(4, "0")}`,
    address: `${i} Main St, Asheville`,
    zipCode: "28801",
    service: "crawl-space",
    status: "new",
    priority: "medium",
    source: "website",
    notes: null,
    estimatedValue: null,
    scheduledDate: null,
    googleCalendarEventId: null,
    submissionId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const leads = searchableLeads(Array.from({ length: 2000 }, (_, i) => lead(i)));

describe("searchLeadOptions", () => {
  it("shows the first fifty of all when nothing is typed", () => {
    const result = searchLeadOptions(leads, "  ");
    expect(result.total).toBe(2000);
    expect(result.matches).toHaveLength(MAX_PICKER_OPTIONS);
  });

  it("matches every word against name, email, phone and address", () => {
    expect(searchLeadOptions(leads, "client 1999").matches.map((m) => m.lead.name)).toEqual(["Client 1999"]);
    expect(searchLeadOptions(leads, "CLIENT1234@").matches.map((m) => m.lead.name)).toEqual(["Client 1234"]);
    expect(searchLeadOptions(leads, "(828) 555-1777").matches.map((m) => m.lead.name)).toEqual(["Client 1777"]);
    expect(searchLeadOptions(leads, "1042 main").matches.map((m) => m.lead.name)).toEqual(["Client 1042"]);
    expect(searchLeadOptions(leads, "nobody").total).toBe(0);
  });

  it("ignores accents on either side", () => {
    const named = searchableLeads([lead(1, { name: "José Nuñez" }), lead(2, { name: "Jose Nunez", address: "9 Rue Élysée" })]);
    expect(searchLeadOptions(named, "jose nunez").matches.map((m) => m.lead.id)).toEqual([named[0]!.lead.id, named[1]!.lead.id]);
    expect(searchLeadOptions(named, "JOSÉ").total).toBe(2);
    expect(searchLeadOptions(named, "elysee").matches.map((m) => m.lead.name)).toEqual(["Jose Nunez"]);
  });

  it("counts all matches while drawing at most fifty", () => {
    const result = searchLeadOptions(leads, "client 1");
    expect(result.total).toBe(1271); // every number from 0 to 1999 with a 1 in it
    expect(result.matches).toHaveLength(MAX_PICKER_OPTIONS);
  });

  it("stays fast with 2,000 leads (a keystroke well under a frame)", () => {
    const queries = ["c", "cl", "cli", "clie", "client", "client 1", "client 19", "828", "828555", "main st"];
    const started = performance.now();
    for (let round = 0; round < 10; round++) for (const query of queries) searchLeadOptions(leads, query);
    const perKeystroke = (performance.now() - started) / 100;
    expect(perKeystroke).toBeLessThan(8);
  });
});
