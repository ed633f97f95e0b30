import { defaultLeadService, getServiceLabel, leadServiceOptions } from "@crawlguard/content";
import { type Lead, type LeadCreateInput, leadSources, parseEstimatedValue } from "@crawlguard/validators";
import { boardColumns, type LeadStatus, statusLabels } from "./lead-board-model";
import { combineScheduled, DEFAULT_SCHEDULED_TIME, splitScheduled } from "./lead-schedule";

/** The lead form's fields as typed (docs/product.md "Screens and routes", Dialogs: Lead form). */
export type LeadFormValues = {
  name: string;
  email: string;
  phone: string;
  zipCode: string;
  service: string;
  status: LeadStatus;
  priority: Lead["priority"];
  source: Lead["source"];
  estimatedValue: string;
  scheduledDate: string;
  scheduledTime: string;
  address: string;
  notes: string;
};

export type LeadFormField = keyof LeadFormValues;

/**
 * Empty for Add Lead (service crawl-space, status new, priority medium, source website); the lead's values for Edit.
 * Scheduled date and time are the business time zone's wall clock (`zone`).
 */
export function leadFormValues(lead: Lead | undefined, zone: string): LeadFormValues {
  const { date, time } = splitScheduled(lead?.scheduledDate, zone);
  return {
    name: lead?.name ?? "",
    email: lead?.email ?? "",
    phone: lead?.phone ?? "",
    zipCode: lead?.zipCode ?? "",
    service: lead?.service ?? defaultLeadService,
    status: lead?.status ?? "new",
    priority: lead?.priority ?? "medium",
    source: lead?.source ?? "website",
    estimatedValue: lead?.estimatedValue ?? "",
    scheduledDate: date,
    scheduledTime: time,
    address: lead?.address ?? "",
    notes: lead?.notes ?? "",
  };
}

/** Estimated value as sent: a number (docs/product.md: falling back to 0) in cents precision, as a string; blank stays unset. */
export function estimatedValueInput(value: string): string | null {
  if (value.trim() === "") return null;
  return String(Math.round(parseEstimatedValue(value) * 100) / 100);
}

/**
 * The card's inline estimated value as it will be saved: blank is 0 (docs/product.md: "falling back to
 * 0"), a number of at least 0 is kept to the cent, anything else (negative, not a number) is
 * refused with null rather than quietly saved as 0.
 */
export function inlineEstimatedValue(value: string): string | null {
  const text = value.trim();
  if (text === "") return "0";
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(text)) return null;
  return String(Math.round(Number(text) * 100) / 100);
}

/** What the form sends (create, or every field of an edit): blank optional text is sent blank and stored as null. */
export function leadInputFromForm(values: LeadFormValues, zone: string): LeadCreateInput {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    address: values.address,
    zipCode: values.zipCode,
    service: values.service,
    status: values.status,
    priority: values.priority,
    source: values.source,
    notes: values.notes,
    estimatedValue: estimatedValueInput(values.estimatedValue),
    scheduledDate: combineScheduled(values.scheduledDate, values.scheduledTime, zone),
  };
}

type Option = { value: string; label: string };

/** The lead form's services, plus the lead's own when it came from elsewhere (a booking, a conversion). */
export function serviceOptionsFor(current: string): Option[] {
  const options: Option[] = [...leadServiceOptions];
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: getServiceLabel(current) });
  return options;
}

/** The six board statuses, plus the lead's own when it is a calendar-only one (in progress, completed). */
export function statusOptionsFor(current: LeadStatus): Option[] {
  const options: Option[] = boardColumns.map((column) => ({ value: column.id, label: statusLabels[column.id] }));
  if (!options.some((o) => o.value === current)) options.push({ value: current, label: statusLabels[current] });
  return options;
}

const sourceLabels: Record<Lead["source"], string> = {
  website: "Website",
  google: "Google",
  referral: "Referral",
  facebook: "Facebook",
  phone: "Phone",
  other: "Other",
  "appointment-booking": "Appointment Booking",
  "online-booking": "Online Booking",
};

/** Sources set by a booking, never chosen by hand: offered only when the lead has it. */
const BOOKING_SOURCES: readonly Lead["source"][] = ["appointment-booking", "online-booking"];

/** The sources of docs/product.md "States and transitions"; the booking ones are offered only when the lead has it. */
export function sourceOptionsFor(current: Lead["source"]): Option[] {
  return leadSources
    .filter((source) => !BOOKING_SOURCES.includes(source) || current === source)
    .map((source) => ({ value: source, label: sourceLabels[source] }));
}

export function sourceLabel(source: Lead["source"]): string {
  return sourceLabels[source];
}

/** What the lead form books through the booking path: a date and time in the business zone. */
export type LeadFormBooking = { appointmentDate: string; appointmentTime: string };

/**
 * The appointment the form asks for, when it must go through the booking check: a date is set
 * and it is not the lead's current one (a new lead with a date, or a changed date or time). A
 * blank time means 09:00. Null when there is no date, or the date and time are unchanged (a lead
 * whose appointment is already booked keeps it without a new check).
 */
export function bookingFromForm(values: LeadFormValues, lead: Lead | undefined, zone: string): LeadFormBooking | null {
  const requested = combineScheduled(values.scheduledDate, values.scheduledTime, zone);
  if (!requested) return null;
  const current = lead?.scheduledDate ? new Date(lead.scheduledDate).getTime() : null;
  if (current !== null && current === new Date(requested).getTime()) return null;
  return { appointmentDate: values.scheduledDate.trim(), appointmentTime: values.scheduledTime.trim() || DEFAULT_SCHEDULED_TIME };
}
