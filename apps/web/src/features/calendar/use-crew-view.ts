import type { StaffMember } from "@crawlguard/validators";
import { useMemo, useState } from "react";
import type { AppointmentEvent } from "./calendar-event-model";
import { type CrewColumn, crewColumns } from "./crew-model";
import { useWideScreen } from "./use-calendar-clock";

/**
 * The Crew view's columns: everyone who can be assigned (and Unassigned when the period holds
 * such an appointment). A phone shows one person at a time, the one picked (the first at start).
 * Null when the Crew view is not on (another scope, or Month and Schedule List).
 */
export function useCrewView(on: boolean, staff: readonly StaffMember[], appointments: readonly AppointmentEvent[]) {
  const wide = useWideScreen();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const all = useMemo(() => (on ? crewColumns(staff, appointments) : null), [on, staff, appointments]);
  const person = all?.some((c) => c.id === picked) ? picked : all?.[0]?.id;
  const shown = useMemo<readonly CrewColumn[] | null>(() => (all && !wide ? all.filter((c) => c.id === person) : all), [all, wide, person]);
  return { all, shown, onePerPage: !wide, person, setPerson: setPicked };
}
