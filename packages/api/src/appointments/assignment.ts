import type { Conflict } from "@crawlguard/validators";
import { ConflictError } from "../errors.js";
import { addMinutes, findConflicts } from "../scheduling/index.js";
import type { Queryable } from "../queryable.js";
import { assigneeShownName, conflictInputs, type Viewer } from "./clashes.js";

/*
 * Giving a lead to someone without booking it again (PATCH /api/leads/{id} with assignedTo): when the
 * lead has an appointment that is not over yet, the one booking rule (clashes.ts, ADR 009) is asked
 * for the new person at that time, and a clash is a 409 with `conflicts` unless the caller confirms
 * ("Assign anyway"), as a booking is.
 */

/** The lead's appointment as it will be once the change is made. */
export interface AssignedAppointment {
  leadId: string;
  /** Its start, or null when the lead has no appointment (nothing to check). */
  scheduledDate: Date | null;
  durationMinutes: number;
  status: string;
}

/** The 409's message when the new person's calendar clashes. */
export function notAssignedMessage(conflicts: readonly Conflict[], assigneeName: string): string {
  return `Not assigned: ${assigneeName}'s calendar: ${conflicts.map((c) => c.message).join("; ")}. Send confirm: true to assign anyway.`;
}

/**
 * Checks that `assignee` exists (400 on assignedTo otherwise) and, for an appointment that is not
 * over and not lost, that it fits their working hours, time blocks and other appointments: throws
 * the 409 unless `confirm`. Answers the conflicts confirmed over (empty when none). Takes the
 * assignee's booking lock, so a booking and an assignment cannot both take the same free slot: call
 * it inside the change's transaction.
 */
export async function checkAssignment({
  tx,
  appointment,
  assignee,
  viewer,
  zone,
  confirm = false,
  now = new Date(),
}: {
  tx: Queryable;
  appointment: AssignedAppointment;
  assignee: string;
  viewer: Viewer;
  zone: string;
  confirm?: boolean | undefined;
  now?: Date;
}): Promise<Conflict[]> {
  const name = await assigneeShownName(tx, assignee);
  const { scheduledDate: start } = appointment;
  if (!start || appointment.status === "lost") return [];
  const when = { start, end: addMinutes(start, appointment.durationMinutes) };
  if (when.end.getTime() <= now.getTime()) return [];
  await tx`SELECT pg_advisory_xact_lock(hashtext(${`booking:${assignee}`}))`;
  const conflicts = findConflicts(when, await conflictInputs(tx, assignee, when, appointment.leadId, viewer), zone);
  if (conflicts.length > 0 && !confirm) throw new ConflictError(notAssignedMessage(conflicts, name), conflicts);
  return conflicts;
}
