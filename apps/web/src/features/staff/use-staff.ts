import type { StaffMember } from "@crawlguard/validators";
import { useMemo } from "react";
import { trpc } from "../../lib/trpc";

/**
 * Everyone an appointment can be assigned to (`users.staff`, ADR 026): the "Assigned to"
 * options and the calendar's colours, initials and legend. One query shared by every user of it.
 */
export function useStaff() {
  const query = trpc.users.staff.useQuery(undefined, { staleTime: 60_000 });
  const byId = useMemo(() => new Map<string, StaffMember>((query.data ?? []).map((m) => [m.id, m])), [query.data]);
  return { list: query.data ?? [], byId, isPending: query.isPending };
}

/** The "Assigned to" select's options: each person by their shown name, the signed-in one marked. */
export function assigneeOptions(staff: readonly StaffMember[], meId: string, current?: string): { value: string; label: string }[] {
  const options = staff.map((m) => ({ value: m.id, label: m.id === meId ? `${m.displayName} (you)` : m.displayName }));
  // A value not (yet) listed is kept, so the select never silently changes it.
  if (!current) options.unshift({ value: "", label: "Unassigned" });
  else if (!staff.some((m) => m.id === current)) options.unshift({ value: current, label: "Loading…" });
  return options;
}
