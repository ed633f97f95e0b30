import { describe, expect, it } from "vitest";
import { earliestOccurrences, findConflictsBounded, findConflicts, type ConflictInputs } from "./index.js";

const ZONE = "America/New_York";
const at = (iso: string) => new Date(iso);
const span = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe("bounded answers", () => {
  it("keeps the earliest occurrences across blocks, ties in list order, and counts them all", () => {
    const lists = [
      [span("2026-07-01T10:00:00Z", "2026-07-01T11:00:00Z"), span("2026-07-03T10:00:00Z", "2026-07-03T11:00:00Z")],
      [span("2026-07-02T10:00:00Z", "2026-07-02T11:00:00Z"), span("2026-07-03T10:00:00Z", "2026-07-03T11:00:00Z")],
      [span("2026-07-03T10:00:00Z", "2026-07-03T11:00:00Z")],
    ];
    const three = earliestOccurrences(lists, 3);
    expect(three.total).toBe(5);
    expect(three.kept.map((l) => l.length)).toEqual([2, 1, 0]);
    const four = earliestOccurrences(lists, 4);
    expect(four.kept.map((l) => l.length)).toEqual([2, 2, 0]);
    expect(earliestOccurrences(lists, 10).kept).toEqual(lists);
    expect(earliestOccurrences(lists, 0).kept).toEqual([[], [], []]);
  });

  it("describes at most `limit` conflicts, the same first ones as findConflicts, and counts the rest", () => {
    const week = Array.from({ length: 7 }, (_, d) => ({ dayOfWeek: String(d), startTime: "09:00", endTime: "17:00", isActive: true }));
    const inputs: ConflictInputs = {
      week,
      blocks: Array.from({ length: 50 }, (_, i) => ({
        id: `b${i}`,
        title: `Block ${i}`,
        start: at("2026-07-01T13:00:00Z"),
        end: at("2026-07-01T14:00:00Z"),
        pattern: "daily" as const,
        until: null,
      })),
      appointments: [{ id: "a", name: "Jo", start: at("2026-07-14T13:00:00Z"), end: at("2026-07-14T14:00:00Z") }],
    };
    const slot = span("2026-07-14T13:30:00Z", "2026-07-14T14:30:00Z");
    const all = findConflicts(slot, inputs, ZONE);
    expect(all).toHaveLength(51);
    const bounded = findConflictsBounded(slot, inputs, ZONE, 3);
    expect(bounded.count).toBe(51);
    expect(bounded.conflicts).toEqual(all.slice(0, 3));
  });
});
