import type { Active, Over } from "@dnd-kit/core";
import type { Lead } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import { columnTitle, createLeadAnnouncements, isColumnId } from "./lead-board-dnd";

const active = (status: Lead["status"]) =>
  ({
    id: "a",
    data: { current: { lead: { name: "Ana Lopez", status } } },
    rect: { current: { initial: null, translated: null } },
  }) as unknown as Active;
const over = (id: string) => ({ id, rect: {}, disabled: false, data: { current: undefined } }) as unknown as Over;

describe("board announcements", () => {
  it("names the lead and the columns", () => {
    const leadAnnouncements = createLeadAnnouncements();
    expect(leadAnnouncements.onDragStart({ active: active("new") })).toBe("Picked up Ana Lopez in New Leads.");
    // The first "over" (its own column, right after the pick-up) stays quiet.
    expect(leadAnnouncements.onDragOver({ active: active("new"), over: over("new") })).toBeUndefined();
    expect(leadAnnouncements.onDragOver({ active: active("new"), over: over("quoted") })).toBe("Ana Lopez is over Quoted.");
    expect(leadAnnouncements.onDragOver({ active: active("new"), over: over("new") })).toBe(
      "Ana Lopez is back over New Leads, where it started.",
    );
    expect(leadAnnouncements.onDragEnd({ active: active("new"), over: over("won") })).toBe("Moving Ana Lopez to Won…");
    expect(leadAnnouncements.onDragEnd({ active: active("in-progress"), over: over("scheduled") })).toBe(
      "Ana Lopez was dropped back in Scheduled.",
    );
    expect(leadAnnouncements.onDragCancel({ active: active("lost"), over: null })).toBe("Moving was cancelled. Ana Lopez stays in Lost.");
  });

  it("knows the column ids", () => {
    expect(isColumnId("contacted")).toBe(true);
    expect(isColumnId("in-progress")).toBe(false);
    expect(columnTitle("new")).toBe("New Leads");
  });
});
