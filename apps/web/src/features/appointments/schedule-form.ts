import { customModalServiceOptions, getServiceLabel, modalServiceFor } from "@crawlguard/content";
import {
  bookingIssues,
  CALENDAR_PHONE_MESSAGE,
  calendarAppointmentRequestSchema,
  type CalendarAppointmentInput,
  type Lead,
} from "@crawlguard/validators";
import { isPastDate } from "../../lib/business-time";
import { type FieldErrors, fieldErrors } from "../../lib/form-errors";
import { estimatedValueInput } from "../leads/lead-form-model";
import { PAST_DATE_MESSAGE } from "./booking-form";

/** The Schedule Appointment modal's fields (docs/product.md "Entities and their fields": appointment form values). */
export type ScheduleValues = {
  leadId: string;
  clientName: string;
  email: string;
  phone: string;
  estimatedValue: string;
  address: string;
  appointmentDate: string;
  appointmentTime: string;
  service: string;
  notes: string;
  /** Who goes: a user id; blank sends none (the server's default). */
  assignedTo: string;
};

export type ScheduleField = keyof ScheduleValues;

export const emptySchedule: ScheduleValues = {
  leadId: "",
  clientName: "",
  email: "",
  phone: "",
  estimatedValue: "",
  address: "",
  appointmentDate: "",
  appointmentTime: "",
  service: "",
  notes: "",
  assignedTo: "",
};

const modalServiceValues = new Set<string>(customModalServiceOptions.map((o) => o.value));

/** The modal's nine services, plus the chosen lead's own when the list has no word for it. */
export function modalServiceOptionsFor(current: string): Array<{ value: string; label: string }> {
  const options: Array<{ value: string; label: string }> = customModalServiceOptions.map((o) => ({ value: o.value, label: o.label }));
  if (current && !modalServiceValues.has(current)) options.push({ value: current, label: getServiceLabel(current) });
  return options;
}

/**
 * docs/product.md "States and transitions": selecting a lead fills leadId, clientName, email, phone, address, service,
 * notes and estimatedValue, blank where missing; "New Client" clears them. Date and time stay.
 */
export function scheduleFromLead(lead: Lead | undefined, current: ScheduleValues): ScheduleValues {
  const when = { appointmentDate: current.appointmentDate, appointmentTime: current.appointmentTime, assignedTo: current.assignedTo };
  if (!lead) return { ...emptySchedule, ...when };
  return {
    ...when,
    // The lead's current assignee by default (else whoever was chosen: the booker).
    assignedTo: lead.assignedTo ?? current.assignedTo,
    leadId: lead.id,
    clientName: lead.name,
    email: lead.email,
    phone: lead.phone ?? "",
    address: lead.address ?? "",
    service: modalServiceFor(lead.service),
    notes: lead.notes ?? "",
    estimatedValue: lead.estimatedValue ?? "",
  };
}

/**
 * POST /api/calendar/appointment for the modal's values (docs/product.md payload). For an existing lead only
 * the details typed over its own are sent, so choosing a lead and scheduling changes nothing else.
 */
export function scheduleRequest(values: ScheduleValues, lead: Lead | undefined, confirm: boolean): CalendarAppointmentInput {
  const estimatedValue = estimatedValueInput(values.estimatedValue);
  const when = {
    appointmentDate: values.appointmentDate,
    appointmentTime: values.appointmentTime,
    notes: values.notes,
    confirm,
    ...(values.assignedTo ? { assignedTo: values.assignedTo } : {}),
  };
  if (!lead) {
    return {
      ...when,
      clientName: values.clientName,
      email: values.email,
      phone: values.phone,
      address: values.address,
      service: values.service,
      ...(estimatedValue === null ? {} : { estimatedValue }),
    };
  }
  const request: CalendarAppointmentInput = { ...when, leadId: lead.id };
  if (values.clientName.trim() !== lead.name) request.clientName = values.clientName;
  if (values.email.trim() !== lead.email) request.email = values.email;
  if (values.phone.trim() !== (lead.phone ?? "")) request.phone = values.phone;
  if (values.address.trim() !== (lead.address ?? "")) request.address = values.address;
  if (values.service !== modalServiceFor(lead.service)) request.service = values.service;
  if ((estimatedValue ?? "") !== (lead.estimatedValue ?? "")) request.estimatedValue = estimatedValue;
  return request;
}

/**
 * docs/product.md "Validation rules" (custom appointment modal): the shared schema's messages, the client fields a
 * new client needs ('Phone number must be at least 10 digits'), and no date before today.
 * The fields the modal shows are required for an existing lead too (the labels mark them).
 */
export function validateSchedule(values: ScheduleValues, zone: string, now: number = Date.now()): FieldErrors<ScheduleField> {
  const asNewClient = scheduleRequest({ ...values, leadId: "" }, undefined, false);
  const errors: FieldErrors<ScheduleField> = {};
  // The modal's own words (docs/product.md "Validation rules"); the shared schema says "Appointment date is required".
  if (!values.appointmentDate) errors.appointmentDate = "Date is required";
  if (!values.appointmentTime) errors.appointmentTime = "Time is required";
  for (const issue of bookingIssues(asNewClient, CALENDAR_PHONE_MESSAGE)) errors[issue.path as ScheduleField] ??= issue.message;
  const parsed = fieldErrors<ScheduleField>(calendarAppointmentRequestSchema.safeParse(asNewClient));
  for (const [field, message] of Object.entries(parsed) as [ScheduleField, string][]) errors[field] ??= message;
  if (!errors.appointmentDate && isPastDate(values.appointmentDate, zone, now)) errors.appointmentDate = PAST_DATE_MESSAGE;
  return errors;
}
