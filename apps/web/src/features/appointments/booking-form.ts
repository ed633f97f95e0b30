import { bookingServiceOptions, getServiceLabel } from "@crawlguard/content";
import type { Lead } from "@crawlguard/validators";
import type { FieldErrors } from "../../lib/form-errors";
import { formatTimeOfDay } from "../leads/lead-schedule";

/** Book New Appointment (SPEC sections 2, 3 and 5). `leadId` is blank for a new client. */
export type BookingValues = {
  leadId: string;
  clientName: string;
  email: string;
  phone: string;
  address: string;
  /** Only asked for a new client: a lead cannot be stored without one. */
  zipCode: string;
  service: string;
  priority: Lead["priority"];
  appointmentDate: string;
  appointmentTime: string;
  duration: string;
  notes: string;
};

export type BookingField = keyof BookingValues;

export const emptyBooking: BookingValues = {
  leadId: "",
  clientName: "",
  email: "",
  phone: "",
  address: "",
  zipCode: "",
  service: "",
  priority: "medium",
  appointmentDate: "",
  appointmentTime: "",
  duration: "60",
  notes: "",
};

/** SPEC section 9: every 30 minutes from 08:00 to 18:00. */
export const bookingTimeSlots: ReadonlyArray<{ value: string; label: string }> = Array.from({ length: 21 }, (_, i) => {
  const minutes = 8 * 60 + i * 30;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return { value, label: formatTimeOfDay(value) };
});

/** SPEC section 9: 30, 60, 90, 120, 180 minutes, default 60. */
export const bookingDurations: ReadonlyArray<{ value: string; label: string }> = [30, 60, 90, 120, 180].map((minutes) => ({
  value: String(minutes),
  label: minutes < 60 ? `${minutes} minutes` : minutes === 60 ? "1 hour" : `${minutes / 60} hours`,
}));

/** The lead form's coarser services, as the booking dialog names them. */
const LEAD_TO_BOOKING_SERVICE: Record<string, string> = {
  "crawl-space": "crawl-space-encapsulation",
  basement: "basement-waterproofing",
  "mold-remediation": "mold-remediation",
  consultation: "consultation",
};

const bookingServiceValues = new Set<string>(bookingServiceOptions.map((o) => o.value));

/** The booking service of a lead's service; a service the dialog does not list is kept as it is. */
export function bookingServiceFor(leadService: string): string {
  if (bookingServiceValues.has(leadService)) return leadService;
  return LEAD_TO_BOOKING_SERVICE[leadService] ?? leadService;
}

/** The dialog's services, plus the selected lead's own (e.g. sump pump work) so it is never lost. */
export function bookingServiceOptionsFor(current: string): Array<{ value: string; label: string }> {
  const options: Array<{ value: string; label: string }> = bookingServiceOptions.map((o) => ({ value: o.value, label: o.label }));
  if (current && !bookingServiceValues.has(current)) options.push({ value: current, label: getServiceLabel(current) });
  return options;
}

/**
 * SPEC section 4: selecting a lead fills its client fields, service and notes,
 * blank where missing. Its priority comes along too, since booking saves the
 * priority: a high-priority lead must not quietly drop to medium. The date,
 * time and duration already chosen stay.
 */
export function bookingFromLead(lead: Lead | undefined, current: BookingValues): BookingValues {
  if (!lead) {
    return { ...emptyBooking, appointmentDate: current.appointmentDate, appointmentTime: current.appointmentTime, duration: current.duration };
  }
  return {
    ...current,
    leadId: lead.id,
    clientName: lead.name,
    email: lead.email,
    phone: lead.phone ?? "",
    address: lead.address ?? "",
    zipCode: lead.zipCode ?? "",
    service: bookingServiceFor(lead.service),
    priority: lead.priority,
    notes: lead.notes ?? "",
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC section 5 (Book appointment dialog), plus the zip code a new lead needs. */
export function validateBooking(values: BookingValues): FieldErrors<BookingField> {
  const errors: FieldErrors<BookingField> = {};
  if (!values.clientName.trim()) errors.clientName = "Client name is required";
  if (!EMAIL.test(values.email.trim())) errors.email = "Valid email is required";
  if (!values.phone.trim()) errors.phone = "Phone number is required";
  if (!values.address.trim()) errors.address = "Address is required";
  if (!values.leadId && values.zipCode.trim().length < 5) errors.zipCode = "Zip code must be at least 5 characters";
  if (!values.service) errors.service = "Service is required";
  if (!values.appointmentDate) errors.appointmentDate = "Appointment date is required";
  if (!values.appointmentTime) errors.appointmentTime = "Appointment time is required";
  return errors;
}

/** Leads the picker offers: not yet scheduled (the one being booked from a card always). */
export function bookableLeads(leads: readonly Lead[], preselected?: Lead): Lead[] {
  const unscheduled = leads.filter((lead) => !lead.scheduledDate && lead.id !== preselected?.id);
  const sorted = unscheduled.sort((a, b) => a.name.localeCompare(b.name));
  return preselected ? [preselected, ...sorted] : sorted;
}
