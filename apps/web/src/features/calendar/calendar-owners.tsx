import type { StaffMember } from "@crawlguard/validators";
import { createContext, useContext } from "react";
import { initialsColor } from "../staff/staff-badge";

/**
 * Whose each appointment and block is, on the calendar's Everyone view: the staff by
 * id. Null on "My calendar", where everything is the viewer's (or unassigned) and no mark is drawn.
 */
export const CalendarOwnersContext = createContext<ReadonlyMap<string, StaffMember> | null>(null);

/**
 * The owner's colour with their initials, and their name for screen readers, before an event's
 * text. Plain elements with inline colours: a week draws hundreds of events (bench/calendar).
 */
export function OwnerMark({ ownerId }: { ownerId: string | null | undefined }) {
  const owners = useContext(CalendarOwnersContext);
  if (!owners) return null;
  const owner = ownerId ? owners.get(ownerId) : undefined;
  const name = owner?.displayName ?? "Unassigned";
  return (
    <>
      <span
        className="cg-owner-mark"
        aria-hidden="true"
        title={name}
        style={{
          display: "inline-block",
          minWidth: "1.5em",
          marginInlineEnd: "0.25em",
          padding: "0 0.2em",
          borderRadius: "0.6em",
          fontSize: "0.7em",
          fontWeight: 700,
          lineHeight: "1.4",
          textAlign: "center",
          verticalAlign: "middle",
          background: owner?.color ?? "#52525b",
          color: initialsColor(owner?.color ?? "#52525b"),
        }}
      >
        {owner?.initials ?? "–"}
      </span>
      <span className="cg-sr-only">{`${name}: `}</span>
    </>
  );
}
