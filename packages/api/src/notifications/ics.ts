import { createEvent, type EventAttributes } from "ics";
import { company, getServiceLabel } from "@crawlguard/content";
import { busyness } from "../appointments/busy-status.js";

/** A client's appointment as a calendar file (REQUEST, or CANCEL): UTC instants, one UID per lead. */
export function appointmentIcs({
  leadId,
  host,
  clientName,
  clientEmail,
  organizerEmail,
  service,
  address,
  start,
  end,
  cancelled,
  sequence,
}: {
  leadId: string;
  host: string;
  clientName: string;
  clientEmail: string;
  organizerEmail: string;
  service: string;
  address: string | null;
  start: string;
  end: string;
  cancelled: boolean;
  /** Grows with each change, so calendars apply the newest. */
  sequence: number;
}): string {
  const event: EventAttributes = {
    uid: `lead-${leadId}@${host}`,
    method: cancelled ? "CANCEL" : "REQUEST",
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    // A cancellation frees the time in the client's calendar, in Outlook too.
    ...busyness(cancelled),
    sequence,
    title: `${company.shortName}: ${getServiceLabel(service)}`,
    description: `Your appointment with ${company.name}. Questions or changes: ${company.phone.display}.`,
    ...(address ? { location: address } : {}),
    start: Date.parse(start),
    startInputType: "utc",
    startOutputType: "utc",
    end: Date.parse(end),
    endInputType: "utc",
    endOutputType: "utc",
    organizer: { name: company.name, email: organizerEmail },
    attendees: [{ name: clientName, email: clientEmail, rsvp: false, role: "REQ-PARTICIPANT", partstat: "ACCEPTED" }],
    productId: `-//${company.shortName}//Appointments//EN`,
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error("could not build the calendar file");
  return value;
}
