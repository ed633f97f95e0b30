import { bookingServiceFor, bookingServiceOptions, getServiceLabel } from "@crawlguard/content";
import { appointmentDurations, type BookingRequestInput, type Lead } from "@crawlguard/validators";
import { instantToWallTime, isPastDate, parseTimeInput, timeInputOf } from "../../lib/business-time";
import type { FieldErrors } from "../../lib/form-errors";
import { formatTimeOfDay } from "../leads/lead-schedule";

/** What the server says when a date before today (business zone) is sent; the dialogs say it first. */
export const PAST_DATE_MESSAGE = "Appointment date cannot be in the past";

/** Book New Appointment (docs/product.md "Screens and routes", "Entities and their fields" and "Validation rules"). `leadId` is blank for a new client. */
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
  /** Who goes: a user id; blank sends none (the server's default). */
  assignedTo: string;
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
  assignedTo: "",
};

export type TimeSlotOption = { value: string; label: string };

/** Start times every `step` minutes from `from` to `to` (both 'HH:mm', inclusive), labelled 'h:mm a'. */
export function timeSlots(from: string, to: string, step = 30): TimeSlotOption[] {
  const first = parseTimeInput(from) ?? 0;
  const last = parseTimeInput(to) ?? first;
  const slots: TimeSlotOption[] = [];
  for (let minutes = first; minutes <= last; minutes += step) {
    const value = timeInputOf(minutes);
    slots.push({ value, label: formatTimeOfDay(value) });
  }
  return slots;
}

/** docs/product.md "Business constants and limits": the Book New Appointment dialog, every 30 minutes from 08:00 to 18:00. */
export const bookingTimeSlots: readonly TimeSlotOption[] = timeSlots("08:00", "18:00");

/** docs/product.md "Business constants and limits": the Schedule Appointment modal, every 30 minutes from 08:00 to 17:30. */
export const scheduleModalTimeSlots: readonly TimeSlotOption[] = timeSlots("08:00", "17:30");

/**
 * The slots, plus `current` when it is not one of them (a calendar slot at 7:00 AM, or an
 * appointment being rescheduled at 6:15 PM), in time order, so a prefilled time is never lost.
 */
export function timeSlotOptionsFor(slots: readonly TimeSlotOption[], current: string): TimeSlotOption[] {
  if (!current || slots.some((slot) => slot.value === current) || parseTimeInput(current) === null) return [...slots];
  return [...slots, { value: current, label: formatTimeOfDay(current) }].sort((a, b) => a.value.localeCompare(b.value));
}

/** docs/product.md "Business constants and limits": 30, 60, 90, 120, 180 minutes, default 60. */
export const bookingDurations: ReadonlyArray<{ value: string; label: string }> = appointmentDurations.map((minutes) => ({
  value: String(minutes),
  label: minutes < 60 ? `${minutes} minutes` : minutes === 60 ? "1 hour" : `${minutes / 60} hours`,
}));

const bookingServiceValues = new Set<string>(bookingServiceOptions.map((o) => o.value));

/** The dialog's services, plus the selected lead's own (e.g. sump pump work) so it is never lost. */
export function bookingServiceOptionsFor(current: string): Array<{ value: string; label: string }> {
  const options: Array<{ value: string; label: string }> = bookingServiceOptions.map((o) => ({ value: o.value, label: o.label }));
  if (current && !bookingServiceValues.has(current)) options.push({ value: current, label: getServiceLabel(current) });
  return options;
}

/**
 * docs/product.md "States and transitions": selecting a lead fills its client fields, service and notes,
 * blank where missing. Its priority comes along too, since booking saves the
 * priority: a high-priority lead must not quietly drop to medium. The date,
 * time and duration already chosen stay, except that a lead that already has
 * an appointment brings its own (rescheduling starts from the current date and
 * time, in the business zone `zone`, and the current length).
 * Choosing no lead ("New Client") clears the client fields.
 */
export function bookingFromLead(lead: Lead | undefined, current: BookingValues, zone: string): BookingValues {
  if (!lead) {
    return {
      ...emptyBooking,
      appointmentDate: current.appointmentDate,
      appointmentTime: current.appointmentTime,
      duration: current.duration,
      assignedTo: current.assignedTo,
    };
  }
  const scheduled = lead.scheduledDate ? instantToWallTime(lead.scheduledDate, zone) : null;
  return {
    ...current,
    ...(scheduled ? { appointmentDate: scheduled.date, appointmentTime: scheduled.time } : {}),
    ...(lead.scheduledDate && lead.durationMinutes ? { duration: String(lead.durationMinutes) } : {}),
    leadId: lead.id,
    clientName: lead.name,
    email: lead.email,
    phone: lead.phone ?? "",
    address: lead.address ?? "",
    zipCode: lead.zipCode ?? "",
    service: bookingServiceFor(lead.service),
    priority: lead.priority,
    notes: lead.notes ?? "",
    // The lead's current assignee by default (else whoever was chosen: the booker).
    assignedTo: lead.assignedTo ?? current.assignedTo,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * docs/product.md "Validation rules" (Book appointment dialog), plus the zip code a new lead needs and no date
 * before today in the business zone.
 */
export function validateBooking(values: BookingValues, zone: string, now: number = Date.now()): FieldErrors<BookingField> {
  const errors: FieldErrors<BookingField> = {};
  if (!values.clientName.trim()) errors.clientName = "Client name is required";
  if (!EMAIL.test(values.email.trim())) errors.email = "Valid email is required";
  if (!values.phone.trim()) errors.phone = "Phone number is required";
  // The server's one booking rule set; a lead's own phone is not sent unless changed.
  else if (!values.leadId && values.phone.replace(/\D/g, "").length < 10) errors.phone = "Phone number must be at least 10 digits";
  if (!values.address.trim()) errors.address = "Address is required";
  if (!values.leadId && values.zipCode.trim().length < 5) errors.zipCode = "Zip code must be at least 5 characters";
  if (!values.service) errors.service = "Service is required";
  if (!values.appointmentDate) errors.appointmentDate = "Appointment date is required";
  else if (isPastDate(values.appointmentDate, zone, now)) errors.appointmentDate = PAST_DATE_MESSAGE;
  if (!values.appointmentTime) errors.appointmentTime = "Appointment time is required";
  return errors;
}

/** Leads the picker offers: not yet scheduled (the one being booked from a card always). */
export function bookableLeads(leads: readonly Lead[], preselected?: Lead): Lead[] {
  const unscheduled = leads.filter((lead) => !lead.scheduledDate && lead.id !== preselected?.id);
  const sorted = unscheduled.sort((a, b) => a.name.localeCompare(b.name));
  return preselected ? [preselected, ...sorted] : sorted;
}

/**
 * POST /api/appointments for the dialog's values. A new client sends every client field; an
 * existing lead sends the date, time, duration, priority and notes, and only the client details
 * that were typed over the lead's own (so a lead's service is not renamed to the dialog's word
 * for it unless someone chose another).
 */
export function bookingRequest(values: BookingValues, lead: Lead | undefined, confirm: boolean): BookingRequestInput {
  const common = {
    appointmentDate: values.appointmentDate,
    appointmentTime: values.appointmentTime,
    durationMinutes: durationOf(values.duration),
    priority: values.priority,
    notes: values.notes,
    confirm,
    ...(values.assignedTo ? { assignedTo: values.assignedTo } : {}),
  };
  if (!lead) {
    return {
      ...common,
      clientName: values.clientName,
      email: values.email,
      phone: values.phone,
      address: values.address,
      zipCode: values.zipCode,
      service: values.service,
    };
  }
  const request: BookingRequestInput = { ...common, leadId: lead.id };
  if (values.clientName.trim() !== lead.name) request.clientName = values.clientName;
  if (values.email.trim() !== lead.email) request.email = values.email;
  if (values.phone.trim() !== (lead.phone ?? "")) request.phone = values.phone;
  if (values.address.trim() !== (lead.address ?? "")) request.address = values.address;
  if (values.service !== bookingServiceFor(lead.service)) request.service = values.service;
  return request;
}

/** A duration select value as the API's minutes (60 when it is not one of the five). */
export function durationOf(value: string): (typeof appointmentDurations)[number] {
  const minutes = Number(value);
  return appointmentDurations.find((d) => d === minutes) ?? 60;
}
