import type { RangeAppointment, RangeBlock, StaffMember } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import type { AppointmentEvent, BlockEvent, CalendarEvent, MoreEvent } from "./calendar-event-model";
import { columnOf, crewColumns, crewDrop, crewEvents, UNASSIGNED } from "./crew-model";

const ALEX = "00000000-0000-4000-8000-00000000000a";
const BO = "00000000-0000-4000-8000-00000000000b";
const staff: StaffMember[] = [
  { id: ALEX, username: "alex", displayName: "Alex Reed", color: "#1d4ed8", initials: "AR" },
  { id: BO, username: "bo", displayName: "Bo Li", color: "#b91c1c", initials: "BL" },
];

const at = (hour: number, minute = 0) => new Date(2026, 2, 10, hour, minute);

let next = 0;
function job(assignedTo: string | null, start: Date, minutes = 60): AppointmentEvent {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`;
  const appointment: RangeAppointment = {
    id,
    name: `Client ${next}`,
    phone: null,
    address: null,
    service: "consultation",
    status: "scheduled",
    priority: "medium",
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    durationMinutes: minutes,
    assigneeName: null,
    assignedTo,
    mine: false,
  };
  return { kind: "appointment", id, title: appointment.name, start, end: new Date(start.getTime() + minutes * 60_000), appointment };
}

function block(ownerId: string, start: Date, end: Date): BlockEvent {
  return { kind: "block", id: `blk@${start.getTime()}`, title: "Lunch", start, end, block: { ownerId } as RangeBlock };
}

describe("Crew view columns", () => {
  it("has one column per person, by the staff list's order, and Unassigned only when a job is", () => {
    const mine = [job(ALEX, at(9)), job(BO, at(9))];
    expect(crewColumns(staff, mine).map((c) => c.title)).toEqual(["Alex Reed", "Bo Li"]);
    const withUnassigned = crewColumns(staff, [...mine, job(null, at(11))]);
    expect(withUnassigned.map((c) => c.id)).toEqual([ALEX, BO, UNASSIGNED]);
    expect(withUnassigned[0]).toEqual({ id: ALEX, title: "Alex Reed", color: "#1d4ed8", initials: "AR" });
  });

  it("keeps the one person a phone shows, or the first when that person is gone", () => {
    expect(crewColumns(staff, [], BO).map((c) => c.id)).toEqual([BO]);
    expect(crewColumns(staff, [], "00000000-0000-4000-8000-0000000000ff").map((c) => c.id)).toEqual([ALEX]);
  });

  it("puts jobs in their assignee's column, blocks in their owner's, Google's events in none", () => {
    expect(columnOf(job(BO, at(9)))).toBe(BO);
    expect(columnOf(job(null, at(9)))).toBe(UNASSIGNED);
    expect(columnOf(block(ALEX, at(12), at(13)))).toBe(ALEX);
    expect(columnOf({ kind: "google", id: "g", title: "G", start: at(9), end: at(10), allDay: false } as CalendarEvent)).toBeUndefined();
  });
});

describe("Crew view items", () => {
  it("never folds same-time jobs of different people: three people at 9:00 are three items", () => {
    const jobs = [job(ALEX, at(9)), job(BO, at(9)), job(null, at(9))];
    const columns = crewColumns(staff, jobs);
    const items = crewEvents(jobs, columns, 1);
    expect(items.map((e) => e.kind)).toEqual(["appointment", "appointment", "appointment"]);
    expect(items.map(columnOf)).toEqual([ALEX, BO, UNASSIGNED]);
  });

  it("folds one person's own overlapping jobs past the columns that fit, in their column only", () => {
    const jobs = [job(ALEX, at(9)), job(ALEX, at(9, 30)), job(BO, at(9, 15))];
    const items = crewEvents(jobs, crewColumns(staff, jobs), 1);
    const more = items.filter((e): e is MoreEvent => e.kind === "more");
    expect(more).toHaveLength(1);
    expect(more[0]).toMatchObject({ title: "+2 more", column: ALEX });
    expect(columnOf(more[0]!)).toBe(ALEX);
    expect(items.filter((e) => e.kind === "appointment").map(columnOf)).toEqual([BO]);
  });

  it("draws only the shown columns' items (a phone's one person) and leaves out Google's", () => {
    const jobs = [job(ALEX, at(9)), job(BO, at(10))];
    const google = { kind: "google", id: "g", title: "G", start: at(9), end: at(10), allDay: false } as CalendarEvent;
    const items = crewEvents([...jobs, block(BO, at(12), at(13)), google], crewColumns(staff, jobs, BO), 2);
    expect(items.map((e) => e.kind).sort()).toEqual(["appointment", "block"]);
    expect(items.every((e) => columnOf(e) === BO)).toBe(true);
  });
});

describe("dropping a job in the Crew view", () => {
  it("hands it to the person whose column it lands in, keeping or changing its time", () => {
    const alexAt9 = job(ALEX, at(9));
    expect(crewDrop(alexAt9, at(9), BO)).toEqual({ kind: "move", start: at(9), assignedTo: BO });
    expect(crewDrop(alexAt9, at(14), BO)).toEqual({ kind: "move", start: at(14), assignedTo: BO });
    expect(crewDrop(alexAt9, at(14), ALEX)).toEqual({ kind: "move", start: at(14), assignedTo: ALEX });
  });

  it("does nothing when dropped where it was, and asks for a person on Unassigned", () => {
    const alexAt9 = job(ALEX, at(9));
    expect(crewDrop(alexAt9, at(9), ALEX)).toEqual({ kind: "none" });
    expect(crewDrop(alexAt9, at(9), UNASSIGNED)).toEqual({ kind: "needs-person" });
    expect(crewDrop(job(null, at(9)), at(10), UNASSIGNED)).toEqual({ kind: "move", start: at(10), assignedTo: undefined });
  });
});
