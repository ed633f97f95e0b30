import type { StaffMember } from "@crawlguard/validators";
import type { CalendarEvent, MoreEvent } from "./calendar-event-model";
import { fitOverlaps } from "./calendar-grid";

/*
 * The Calendar's Crew view (docs/product.md "Calendar", Crew): the week and day grids with one
 * column per person who can be assigned, so same-time jobs of different people stand side by side.
 * Plain functions; react-big-calendar draws the columns as its "resources".
 */

/** The column of appointments assigned to nobody (shown only when the period holds one). */
export const UNASSIGNED = "unassigned";

/** One column: a person (their id, shown name, colour and initials) or Unassigned. */
export type CrewColumn = { id: string; title: string; color: string; initials: string };

const UNASSIGNED_COLUMN: CrewColumn = { id: UNASSIGNED, title: "Unassigned", color: "#52525b", initials: "–" };

/** The column an item is drawn in: its assignee or owner; "+N more" where it was made. */
export function columnOf(event: CalendarEvent): string | undefined {
  switch (event.kind) {
    case "appointment":
      return event.appointment.assignedTo ?? UNASSIGNED;
    case "block":
      return event.block.ownerId;
    case "more":
      return event.column;
    case "google":
      return undefined;
  }
}

/**
 * The columns: every person who can be assigned, by name (as `users.staff` lists them), then
 * Unassigned when one of `events` is. `only` (a phone shows one person at a time) keeps that one.
 */
export function crewColumns(staff: readonly StaffMember[], events: readonly CalendarEvent[], only?: string): CrewColumn[] {
  const columns: CrewColumn[] = staff.map((m) => ({ id: m.id, title: m.displayName, color: m.color, initials: m.initials }));
  if (events.some((e) => e.kind === "appointment" && !e.appointment.assignedTo)) columns.push(UNASSIGNED_COLUMN);
  if (only === undefined) return columns;
  const one = columns.find((c) => c.id === only);
  return one ? [one] : columns.slice(0, 1);
}

/**
 * The Crew view's items: appointments and blocks of the columns shown (Google's events belong to
 * no one and stay in the other views), overlapping items side by side within each person's column
 * up to `columns`, then "+N more" in that column. Different people's items never fold together.
 */
export function crewEvents(events: readonly CalendarEvent[], shown: readonly CrewColumn[], columns: number): CalendarEvent[] {
  const byColumn = new Map<string, CalendarEvent[]>(shown.map((c) => [c.id, []]));
  for (const event of events) {
    const column = columnOf(event);
    if (column !== undefined) byColumn.get(column)?.push(event);
  }
  const out: CalendarEvent[] = [];
  for (const [column, items] of byColumn) {
    for (const item of fitOverlaps(items, columns)) {
      out.push(item.kind === "more" ? ({ ...item, id: `${item.id}@${column}`, column } satisfies MoreEvent) : item);
    }
  }
  return out;
}

/** What a drop in the Crew view asks for. */
export type CrewDrop =
  | { kind: "none" }
  /** Dropped on Unassigned: an appointment is booked for someone. */
  | { kind: "needs-person" }
  | { kind: "move"; start: Date; assignedTo: string | undefined };

/**
 * A dragged appointment dropped at `start` in `column`: the same place is nothing; another
 * person's column hands it to them (at the new time too, if it changed); Unassigned is refused.
 */
export function crewDrop(
  event: { start: Date; appointment: { assignedTo?: string | null | undefined } },
  start: Date,
  column: string | undefined,
): CrewDrop {
  const current = event.appointment.assignedTo ?? UNASSIGNED;
  const target = column ?? current;
  if (target === current && start.getTime() === event.start.getTime()) return { kind: "none" };
  if (target === UNASSIGNED && current !== UNASSIGNED) return { kind: "needs-person" };
  return { kind: "move", start, assignedTo: target === UNASSIGNED ? undefined : target };
}
