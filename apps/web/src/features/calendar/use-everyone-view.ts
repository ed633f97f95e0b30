import type { CalendarRange, StaffMember } from "@crawlguard/validators";
import { useMemo, useState } from "react";
import { useStaff } from "../staff/use-staff";
import type { CalendarScope } from "./calendar-model";
import { EVERYONE } from "./everyone-legend";

const NONE: CalendarRange["appointments"] = [];
const NO_BLOCKS: CalendarRange["blocks"] = [];

/**
 * The Everyone view: the staff (for colours, initials and the legend), the person
 * filter, and the range's appointments and blocks of the chosen person (everyone's by default).
 * On "My calendar" nothing is marked or filtered.
 */
export function useEveryoneView(scope: CalendarScope, data: CalendarRange | undefined) {
  const staff = useStaff();
  const [person, setPerson] = useState(EVERYONE);
  const everyone = scope !== "mine";
  // The person filter is the Everyone view's; the Crew view shows each person in a column.
  const shownPerson = scope === "all" ? person : EVERYONE;
  const appointments = useMemo(() => {
    const list = data?.appointments ?? NONE;
    return shownPerson ? list.filter((a) => a.assignedTo === shownPerson) : list;
  }, [data, shownPerson]);
  const blocks = useMemo(() => {
    const list = data?.blocks ?? NO_BLOCKS;
    return shownPerson ? list.filter((b) => b.ownerId === shownPerson) : list;
  }, [data, shownPerson]);
  const owners: ReadonlyMap<string, StaffMember> | null = everyone ? staff.byId : null;
  return { everyone, staff: staff.list, byId: staff.byId, person, setPerson, appointments, blocks, owners };
}
