import { z } from "zod";
import { calendarDate, timeOfDay, type FieldIssue, recurringPatternSchema, timeBlockTypeSchema } from "./availability.js";
import { estimatedValueSchema, leadPrioritySchema, leadSchema, leadStatusSchema } from "./lead.js";
import { identityText, isoInstant, text } from "./text.js";

/*
 * Booking an appointment (docs/product.md §2 (Dialogs), §4, §5, §7 and §9; issue #11). The date and time
 * are what the person picked: a wall-clock time in the business time zone (ADR 009), never the
 * browser's or the server's zone.
 */

/** docs/product.md §9: 30, 60, 90, 120, 180 minutes, default 60. */
export const appointmentDurations = [30, 60, 90, 120, 180] as const;
export type AppointmentDuration = (typeof appointmentDurations)[number];
export const DEFAULT_APPOINTMENT_MINUTES = 60;
export const MAX_APPOINTMENT_MINUTES = 180;
export const appointmentDurationSchema = z.literal(appointmentDurations, { message: "Duration must be 30, 60, 90, 120 or 180 minutes" });

/** docs/product.md §9: the Book New Appointment dialog offers a slot every 30 minutes from 08:00 to 18:00. */
export const BOOKING_SLOTS = { from: "08:00", to: "18:00", stepMinutes: 30 } as const;

/** A lead id, or blank for "New Client" (what the dialogs' pickers hold). */
const leadIdField = z.union([z.string().uuid(), z.literal("")]).optional();

const PHONE_DIGITS_MESSAGE = "Phone number must be at least 10 digits";
const digitCount = (value: string) => value.replace(/\D/g, "").length;

/** Zip code: optional here (the dialogs' address has none); blank is no zip code. */
const zipCodeField = text()
  .trim()
  .max(10)
  .refine((v) => v === "" || v.length >= 5, "Zip code must be at least 5 characters")
  .optional();

/**
 * The client fields of both booking dialogs (docs/product.md §5), each checked when sent. One rule set
 * for both booking calls (issue 21 §3): the phone needs 10 digits (the Schedule Appointment modal's
 * rule) on POST /api/appointments too.
 */
const bookingClientFields = {
  clientName: identityText().trim().min(1, { message: "Client name is required", abort: true }).max(100).optional(),
  email: identityText().trim().email("Valid email is required").max(254).optional(),
  phone: identityText()
    .trim()
    .min(1, { message: "Phone number is required", abort: true })
    .max(30)
    .refine((v) => digitCount(v) >= 10, PHONE_DIGITS_MESSAGE)
    .optional(),
  address: text().trim().min(1, { message: "Address is required", abort: true }).max(200).optional(),
  zipCode: zipCodeField,
  service: text().trim().min(1, { message: "Service is required", abort: true }).max(60).optional(),
  priority: leadPrioritySchema.optional(),
  notes: text().trim().max(5000).nullish(),
  estimatedValue: estimatedValueSchema,
};

const bookingOptions = {
  durationMinutes: appointmentDurationSchema.default(DEFAULT_APPOINTMENT_MINUTES),
  /** The user the appointment is for; default: the lead's current assignee, else the booking user. */
  assignedTo: z.string().uuid().optional(),
  /** Book even when conflicts were found ("Book anyway"). */
  confirm: z.boolean().default(false),
};

/**
 * Both booking calls: POST /api/appointments (the Book New Appointment dialog) and POST
 * /api/calendar/appointment (the Schedule Appointment modal's payload). Either `leadId` (book or
 * reschedule that lead; client fields sent also update it) or the client fields of a new client.
 */
export const bookingRequestSchema = z.object({
  leadId: leadIdField,
  ...bookingClientFields,
  appointmentDate: calendarDate("Appointment date is required"),
  appointmentTime: timeOfDay("Appointment time is required"),
  ...bookingOptions,
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/**
 * POST /api/calendar/appointment (the Schedule Appointment modal, docs/product.md payload): the same
 * schema as POST /api/appointments, so the same rules (issue 21 §3). Duration, priority, zip code,
 * assignee and confirm are optional extras the modal does not send.
 */
export const calendarAppointmentRequestSchema = bookingRequestSchema;
export type CalendarAppointmentInput = z.input<typeof calendarAppointmentRequestSchema>;

/** What a new client must provide, with the dialog's messages (the schemas check each field sent). */
const NEW_CLIENT_REQUIRED: { field: "clientName" | "email" | "phone" | "address" | "service"; message: string }[] = [
  { field: "clientName", message: "Client name is required" },
  { field: "email", message: "Valid email is required" },
  { field: "phone", message: "Phone number is required" },
  { field: "address", message: "Address is required" },
  { field: "service", message: "Service is required" },
];

/** The rule between fields: without a lead, the client fields are required. */
export function bookingIssues(
  input: {
    leadId?: string | undefined;
    clientName?: string | undefined;
    email?: string | undefined;
    phone?: string | undefined;
    address?: string | undefined;
    service?: string | undefined;
  },
  phoneMessage = "Phone number is required",
): FieldIssue[] {
  if (input.leadId) return [];
  return NEW_CLIENT_REQUIRED.filter(({ field }) => !input[field]?.trim()).map(({ field, message }) => ({
    path: field,
    message: field === "phone" ? phoneMessage : message,
  }));
}
export const CALENDAR_PHONE_MESSAGE = PHONE_DIGITS_MESSAGE;

export const conflictKinds = ["outside-working-hours", "time-block", "appointment"] as const;
export const conflictKindSchema = z.enum(conflictKinds);
export type ConflictKind = z.infer<typeof conflictKindSchema>;

/** Something the requested time clashes with. */
export const conflictSchema = z.object({
  kind: conflictKindSchema,
  /** A sentence for people, e.g. 'Overlaps the appointment with Jo Lee (Mar 10, 2026, 9:30 AM – 10:30 AM)'. */
  message: z.string(),
  /** The lead (appointment) or block (time block) id; null for working hours. */
  id: z.string().nullable(),
  /** The appointment's client name, the block's title, or 'Working hours (Tuesday)'. */
  title: z.string(),
  /** The clashing item's span as instants; null for a day off. */
  start: z.string().nullable(),
  end: z.string().nullable(),
});
export type Conflict = z.infer<typeof conflictSchema>;

/**
 * A booking that was made. One that was not (conflicts without `confirm`) is a 409 whose error body
 * carries `message` and `conflicts` (issue 21 §2), never a 200.
 */
export const bookingResultSchema = z.object({
  booked: z.literal(true).meta({ description: "Always true: a booking that is not made is a 409." }),
  lead: leadSchema.meta({ description: "The booked lead (status scheduled)." }),
  conflicts: z
    .array(conflictSchema)
    .meta({ description: "What the time clashes with when booked anyway (confirm: true); empty otherwise." }),
});
export type BookingResult = z.infer<typeof bookingResultSchema>;

export const calendarAppointmentResultSchema = z.object({
  success: z.literal(true).meta({ description: "Always true: a booking that is not made is a 409." }),
  message: z.string(),
  lead: leadSchema.meta({ description: "The booked lead (status scheduled)." }),
  conflicts: z
    .array(conflictSchema)
    .meta({ description: "What the time clashes with when booked anyway (confirm: true); empty otherwise." }),
});
export type CalendarAppointmentResult = z.infer<typeof calendarAppointmentResultSchema>;

// ---------------------------------------------------------------------------------------------
// Calendar range and free slots

export const MAX_RANGE_DAYS = 62;
export const calendarScopes = ["mine", "all"] as const;

/** GET /api/calendar/range: appointments and block occurrences overlapping [start, end). */
export const calendarRangeQuerySchema = z.object({
  start: isoInstant(),
  end: isoInstant(),
  /** mine: my appointments, unassigned ones and my blocks; all: everyone's. */
  scope: z.enum(calendarScopes).default("mine"),
});
export type CalendarRangeQuery = z.input<typeof calendarRangeQuerySchema>;

/** The lean projection of a scheduled lead the calendar draws. */
export const rangeAppointmentSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  service: z.string(),
  status: leadStatusSchema,
  priority: leadPrioritySchema,
  start: z.string(),
  end: z.string(),
  durationMinutes: z.number().int(),
  /** The assignee's username; null when unassigned (shown in everyone's calendar). */
  assigneeName: z.string().nullable(),
  /** Assigned to the requesting user. */
  mine: z.boolean(),
});
export type RangeAppointment = z.infer<typeof rangeAppointmentSchema>;

/** One occurrence of a time block: [start, end) as ISO instants. */
export const blockOccurrenceSchema = z.object({
  start: z.string(),
  end: z.string(),
});
export type BlockOccurrence = z.infer<typeof blockOccurrenceSchema>;

/**
 * A time block with its occurrences in the range (a recurring block has one per day, week or
 * month; a one-off block one). The block's fields are sent once, not once per occurrence: a
 * month of daily blocks is thousands of occurrences.
 */
export const rangeBlockSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string().nullable(),
  blockType: timeBlockTypeSchema,
  color: z.string(),
  recurring: z.boolean(),
  recurringPattern: recurringPatternSchema.nullable(),
  ownerName: z.string(),
  mine: z.boolean(),
  /** In order of start; never empty. */
  occurrences: z.array(blockOccurrenceSchema),
});
export type RangeBlock = z.infer<typeof rangeBlockSchema>;

/** The most block occurrences one calendar range answer lists (the earliest); `occurrenceCount` counts them all. */
export const MAX_RANGE_OCCURRENCES = 5000;

export const calendarRangeSchema = z.object({
  timeZone: z.string(),
  start: z.string(),
  end: z.string(),
  appointments: z.array(rangeAppointmentSchema),
  /** Blocks with at least one occurrence listed, by their first occurrence's start. */
  blocks: z.array(rangeBlockSchema),
  /** How many block occurrences the range holds in all. */
  occurrenceCount: z.number().int().meta({ description: "How many time block occurrences the range holds in all." }),
  /** True when more than MAX_RANGE_OCCURRENCES: only the earliest are listed (ask for a shorter range). */
  truncated: z.boolean().meta({
    description: `True when the range holds more than ${MAX_RANGE_OCCURRENCES} block occurrences: only the earliest are listed (ask for a shorter range).`,
  }),
});
export type CalendarRange = z.infer<typeof calendarRangeSchema>;

const durationQueryValues = ["30", "60", "90", "120", "180"] as const;

/** GET /api/appointments/availability: the booking dialog's slots on one day, each with its conflicts. */
export const availabilityQuerySchema = z.object({
  date: calendarDate("Date is required"),
  durationMinutes: z.enum(durationQueryValues, { message: "Duration must be 30, 60, 90, 120 or 180 minutes" }).default("60"),
  /** Whose availability; default: the requesting user. */
  assignedTo: z.string().uuid().optional(),
  /** The lead being rescheduled: its own appointment is not a conflict. */
  excludeLeadId: z.string().uuid().optional(),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;

/** The most conflicts a slot of GET /api/appointments/availability describes; `conflictCount` counts them all. */
export const MAX_SLOT_CONFLICTS = 3;

export const availabilitySlotSchema = z.object({
  /** 'HH:mm' in the business zone. */
  time: z.string(),
  start: z.string(),
  end: z.string(),
  available: z.boolean(),
  /** The first MAX_SLOT_CONFLICTS conflicts (working hours, then blocks, then appointments). */
  conflicts: z
    .array(conflictSchema)
    .max(MAX_SLOT_CONFLICTS)
    .meta({
      description: `The slot's first ${MAX_SLOT_CONFLICTS} conflicts (working hours, then time blocks, then appointments); conflictCount counts them all.`,
    }),
  /** How many conflicts the slot has in all (0 when available). */
  conflictCount: z.number().int().meta({ description: "How many conflicts the slot has in all (0 when available)." }),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

export const availabilitySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  slots: z.array(availabilitySlotSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** GET /api/appointments/settings: what a booking screen needs before it draws anything. */
export const schedulingSettingsSchema = z.object({
  /** BUSINESS_TIME_ZONE: every date and time a person sees or types is in this zone. */
  timeZone: z.string(),
  /** Today in the business zone, 'yyyy-MM-dd' (the earliest bookable date). */
  today: z.string(),
  durations: z.array(z.number().int()),
  defaultDurationMinutes: z.number().int(),
  slots: z.object({ from: z.string(), to: z.string(), stepMinutes: z.number().int() }),
  maxRangeDays: z.number().int(),
});
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;
