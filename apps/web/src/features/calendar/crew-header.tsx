import type { ResourceHeaderProps } from "react-big-calendar";
import { initialsColor } from "../staff/staff-badge";
import type { CrewColumn } from "./crew-model";

/**
 * A Crew view column's heading: the person's colour as a band and their initials, then their
 * shown name (cut with an ellipsis in a narrow column; the whole name is its tooltip). Plain
 * elements with inline colours, as the calendar's other marks.
 */
export function CrewHeader({ resource }: ResourceHeaderProps<CrewColumn>) {
  return (
    <span className="cg-crew-header" style={{ borderTopColor: resource.color }} title={resource.title}>
      <span className="cg-crew-initials" aria-hidden="true" style={{ background: resource.color, color: initialsColor(resource.color) }}>
        {resource.initials}
      </span>
      <bdi className="cg-crew-name">{resource.title}</bdi>
    </span>
  );
}
