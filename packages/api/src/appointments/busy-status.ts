import type { EventAttributes } from "ics";

/**
 * Whether a calendar event takes its time, for the feed and the clients' .ics mails alike.
 * Calendar apps read TRANSP for free/busy, and Outlook reads its own X-MICROSOFT-CDO-BUSYSTATUS
 * before it: a cancelled visit that still says BUSY shows as busy there. So both always agree: a
 * cancelled appointment is free, everything else busy.
 */
export function busyness(cancelled: boolean): Pick<EventAttributes, "busyStatus" | "transp"> {
  return cancelled ? { busyStatus: "FREE", transp: "TRANSPARENT" } : { busyStatus: "BUSY", transp: "OPAQUE" };
}
