import { z } from "zod";
import { calendarDate, timeOfDay, type FieldIssue, recurringPatternSchema, timeBlockTypeSchema } from "./availability.js";
import { estimatedValueSchema, leadPrioritySchema, leadSchema, leadStatusSchema } from "./lead.js";
import { described } from "./describe.js";
import { identityText, isoInstant, text } from "./text.js";

/*
 * Booking an appointment (docs/product.md "Dialogs", "States and transitions", "Validation rules",
 * "The calls it makes" and "Business constants and limits"; ADR 009). The date and time
 * are what the person picked: a wall-clock time in the business time zone (ADR 009), never the
 * browser's or the server's zone.
 */

/** docs/product.md "Business constants and limits": 30, 60, 90, 120, 180 minutes, default 60. */
export const appointmentDurations = [30, 60, 90, 120, 180] as const;
export type AppointmentDuration = (typeof appointmentDurations)[number];
export const DEFAULT_APPOINTMENT_MINUTES = 60;
export const MAX_APPOINTMENT_MINUTES = 180;
const appointmentDurationSchema = z.literal(appointmentDurations, { message: "Duration must be 30, 60, 90, 120 or 180 minutes" });

/** docs/product.md "Business constants and limits": the Book New Appointment dialog offers a slot every 30 minutes from 08:00 to 18:00. */
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

/** What each field of a booking means (both booking calls). */
const BOOKING_FIELDS = {
  leadId: "An existing lead to book (or reschedule); blank or omitted: a new client, whose fields below are then required.",
  clientName: "The client's name (required for a new client; sent with a leadId it updates the lead).",
  email: "The client's email address (required for a new client).",
  phone: "The client's phone number, at least 10 digits (required for a new client).",
  address: "The address of the property, where the appointment takes place (required for a new client).",
  zipCode: "The property's zip code (optional; at least 5 characters when given). Kept on the lead.",
  service: "The service to book: a service id such as crawl-space-encapsulation, or consultation (required for a new client).",
  priority: "The lead's priority: low, medium or high (default medium for a new client).",
  notes: "Notes for the appointment, kept on the lead.",
  estimatedValue: 'The estimated value in dollars, a number of at least 0 sent as a string, e.g. "2500".',
  appointmentDate: "The day, 'yyyy-MM-dd' in the business time zone (GET /api/appointments/settings tells which; today at the earliest).",
  appointmentTime: "The start time, 'HH:MM' in the business time zone (the dialogs offer every 30 minutes from 08:00).",
  durationMinutes: "How long it takes: 30, 60, 90, 120 or 180 minutes (default 60).",
  assignedTo: "The staff member (user id) the appointment is for; default: the lead's current assignee, else the signed-in user.",
  confirm:
    "Book even when the time clashes with working hours, a time block or another appointment (the dashboard's Book anyway). Without it such a booking is a 409 listing the conflicts.",
} as const;

/**
 * The client fields of both booking dialogs (docs/product.md "Validation rules"), each checked when
 * sent. Both booking calls follow one rule set (ADR 020): the phone needs 10 digits (the Schedule
 * Appointment modal's rule) on POST /api/appointments too.
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
export const bookingRequestSchema = z.object(
  described(
    {
      leadId: leadIdField,
      ...bookingClientFields,
      appointmentDate: calendarDate("Appointment date is required"),
      appointmentTime: timeOfDay("Appointment time is required"),
      ...bookingOptions,
    },
    BOOKING_FIELDS,
  ),
);
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/**
 * POST /api/calendar/appointment (the Schedule Appointment modal, docs/product.md payload): the same
 * schema as POST /api/appointments, so the same rules (ADR 020). Duration, priority, zip code,
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

const conflictKinds = ["outside-working-hours", "time-block", "appointment"] as const;
const conflictKindSchema = z.enum(conflictKinds).meta({
  id: "ConflictKind",
  description:
    "What a time clashes with: outside the staff member's working hours, one of their time blocks, or another appointment of theirs.",
});

/** Something the requested time clashes with. */
export const conflictSchema = z
  .object({
    kind: conflictKindSchema,
    message: z
      .string()
      .meta({ description: "A sentence for people, e.g. 'Overlaps the appointment with Jo Lee (Mar 10, 2026, 9:30 AM – 10:30 AM)'." }),
    id: z.string().nullable().meta({ description: "The appointment's lead id or the time block's id; null for working hours." }),
    title: z.string().meta({ description: "The appointment's client name, the block's title, or 'Working hours (Tuesday)'." }),
    start: z.string().nullable().meta({ description: "When the clashing item starts (ISO 8601); null for a day off." }),
    end: z.string().nullable().meta({ description: "When the clashing item ends (ISO 8601); null for a day off." }),
  })
  .meta({ id: "Conflict", description: "Something a requested appointment time clashes with." });
export type Conflict = z.infer<typeof conflictSchema>;

/**
 * A booking that was made. One that was not (conflicts without `confirm`) is a 409 whose error body
 * carries `message` and `conflicts` (ADR 020), never a 200.
 */
export const bookingResultSchema = z
  .object({
    booked: z.literal(true).meta({ description: "Always true: a booking that is not made is a 409." }),
    lead: leadSchema.meta({ description: "The booked lead (status scheduled)." }),
    conflicts: z
      .array(conflictSchema)
      .meta({ description: "What the time clashes with when booked anyway (confirm: true); empty otherwise." }),
  })
  .meta({ id: "BookingResult", description: "An appointment that was booked: the lead it is on, and anything it was booked over." });
export type BookingResult = z.infer<typeof bookingResultSchema>;

export const calendarAppointmentResultSchema = z
  .object({
    success: z.literal(true).meta({ description: "Always true: a booking that is not made is a 409." }),
    message: z.string().meta({ description: "What to tell the person, e.g. that the appointment was scheduled." }),
    lead: leadSchema.meta({ description: "The booked lead (status scheduled)." }),
    conflicts: z
      .array(conflictSchema)
      .meta({ description: "What the time clashes with when booked anyway (confirm: true); empty otherwise." }),
  })
  .meta({ id: "CalendarAppointmentResult", description: "An appointment booked from the Schedule Appointment modal." });
export type CalendarAppointmentResult = z.infer<typeof calendarAppointmentResultSchema>;

// ---------------------------------------------------------------------------------------------
// Calendar range and free slots

export const MAX_RANGE_DAYS = 62;
const calendarScopes = ["mine", "all"] as const;

/** GET /api/calendar/range: appointments and block occurrences overlapping [start, end). */
export const calendarRangeQuerySchema = z.object({
  start: isoInstant().meta({ description: "The range's start, an ISO 8601 instant with an offset (included)." }),
  end: isoInstant().meta({ description: `The range's end (excluded), at most ${MAX_RANGE_DAYS} days after start.` }),
  scope: z.enum(calendarScopes).default("mine").meta({
    description:
      "mine (default): my appointments, unassigned ones and my time blocks; all: everyone's (other staff's blocks only as busy time).",
  }),
});

/** The lean projection of a scheduled lead the calendar draws. */
const rangeAppointmentSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The lead's id (an appointment is a lead's scheduled date)." }),
    name: z.string().meta({ description: "The client's name." }),
    phone: z.string().nullable().meta({ description: "The client's phone number." }),
    address: z.string().nullable().meta({ description: "Where the appointment takes place." }),
    service: z.string().meta({ description: "The service booked." }),
    status: leadStatusSchema,
    priority: leadPrioritySchema,
    start: z.string().meta({ description: "When it starts (ISO 8601)." }),
    end: z.string().meta({ description: "When it ends (ISO 8601): start plus durationMinutes." }),
    durationMinutes: z.number().int().meta({ description: "Its length in minutes." }),
    assigneeName: z.string().nullable().meta({ description: "The username of the staff member it is for; null when unassigned." }),
    // Added with assignees (ADR 026). Always sent; optional in the type so existing clients compile.
    assignedTo: z.string().uuid().nullable().optional().meta({
      description: "The id of the staff member it is for (GET /api/users/staff gives their name and colour); null when unassigned.",
    }),
    mine: z.boolean().meta({ description: "It is assigned to the signed-in user." }),
  })
  .meta({ id: "Appointment", description: "A scheduled appointment (a lead with a scheduled date) as the calendar shows it." });
export type RangeAppointment = z.infer<typeof rangeAppointmentSchema>;

/** One occurrence of a time block: [start, end) as ISO instants. */
const blockOccurrenceSchema = z
  .object({
    start: z.string().meta({ description: "When this occurrence starts (ISO 8601)." }),
    end: z.string().meta({ description: "When this occurrence ends (ISO 8601)." }),
  })
  .meta({ id: "TimeBlockOccurrence", description: "One occurrence of a time block: [start, end)." });

/**
 * A time block with its occurrences in the range (a recurring block has one per day, week or
 * month; a one-off block one). The block's fields are sent once, not once per occurrence: a
 * month of daily blocks is thousands of occurrences.
 */
const rangeBlockSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The time block's id." }),
    title: z.string().meta({ description: "The block's title (only 'Busy' for another staff member's block)." }),
    description: z.string().nullable().meta({ description: "The block's description (null for another staff member's block)." }),
    blockType: timeBlockTypeSchema,
    color: z.string().meta({ description: "The block's colour, '#rrggbb'." }),
    recurring: z.boolean().meta({ description: "The block repeats." }),
    recurringPattern: recurringPatternSchema.nullable().meta({ description: "How the block repeats; null for a one-off block." }),
    ownerName: z.string().meta({ description: "The username of the staff member whose time it blocks." }),
    ownerId: z
      .string()
      .uuid()
      .optional()
      .meta({ description: "The id of the staff member whose time it blocks (GET /api/users/staff gives their name and colour)." }),
    mine: z.boolean().meta({ description: "It is the signed-in user's block." }),
    occurrences: z.array(blockOccurrenceSchema).meta({ description: "Its occurrences in the range, in order of start; never empty." }),
  })
  .meta({ id: "CalendarTimeBlock", description: "A time block with its occurrences in the calendar range." });
export type RangeBlock = z.infer<typeof rangeBlockSchema>;

/** The most block occurrences one calendar range answer lists (the earliest); `occurrenceCount` counts them all. */
export const MAX_RANGE_OCCURRENCES = 5000;

export const calendarRangeSchema = z
  .object({
    timeZone: z.string().meta({ description: "The business time zone (IANA name) the calendar is drawn in." }),
    start: z.string().meta({ description: "The range's start as asked (ISO 8601)." }),
    end: z.string().meta({ description: "The range's end as asked (ISO 8601)." }),
    appointments: z.array(rangeAppointmentSchema).meta({ description: "The appointments overlapping the range, by start." }),
    blocks: z
      .array(rangeBlockSchema)
      .meta({ description: "The time blocks with at least one occurrence listed, by their first occurrence's start." }),
    /** How many block occurrences the range holds in all. */
    occurrenceCount: z.number().int().meta({ description: "How many time block occurrences the range holds in all." }),
    /** True when more than MAX_RANGE_OCCURRENCES: only the earliest are listed (ask for a shorter range). */
    truncated: z.boolean().meta({
      description: `True when the range holds more than ${MAX_RANGE_OCCURRENCES} block occurrences: only the earliest are listed (ask for a shorter range).`,
    }),
  })
  .meta({ id: "CalendarRange", description: "The calendar between two instants: appointments and time block occurrences." });
export type CalendarRange = z.infer<typeof calendarRangeSchema>;

const durationQueryValues = ["30", "60", "90", "120", "180"] as const;

/** GET /api/appointments/availability: the booking dialog's slots on one day, each with its conflicts. */
export const availabilityQuerySchema = z.object({
  date: calendarDate("Date is required").meta({ description: "The day, 'yyyy-MM-dd' in the business time zone." }),
  durationMinutes: z
    .enum(durationQueryValues, { message: "Duration must be 30, 60, 90, 120 or 180 minutes" })
    .default("60")
    .meta({ description: "The appointment's length in minutes (default 60)." }),
  assignedTo: z.string().uuid().meta({ description: "Whose availability (a user id); default: the signed-in user." }).optional(),
  excludeLeadId: z.string().uuid().meta({ description: "The lead being rescheduled: its own appointment is not a conflict." }).optional(),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;

/** The most conflicts a slot of GET /api/appointments/availability describes; `conflictCount` counts them all. */
export const MAX_SLOT_CONFLICTS = 3;

const availabilitySlotSchema = z
  .object({
    time: z.string().meta({ description: "The slot's start, 'HH:MM' in the business time zone." }),
    start: z.string().meta({ description: "The slot's start (ISO 8601)." }),
    end: z.string().meta({ description: "The slot's end (ISO 8601): start plus the duration asked for." }),
    available: z.boolean().meta({ description: "Nothing clashes with it." }),
    /** The first MAX_SLOT_CONFLICTS conflicts (working hours, then blocks, then appointments). */
    conflicts: z
      .array(conflictSchema)
      .max(MAX_SLOT_CONFLICTS)
      .meta({
        description: `The slot's first ${MAX_SLOT_CONFLICTS} conflicts (working hours, then time blocks, then appointments); conflictCount counts them all.`,
      }),
    /** How many conflicts the slot has in all (0 when available). */
    conflictCount: z.number().int().meta({ description: "How many conflicts the slot has in all (0 when available)." }),
  })
  .meta({ id: "AvailabilitySlot", description: "One bookable start time of the day, with what it clashes with." });

export const availabilitySchema = z
  .object({
    date: z.string().meta({ description: "The day asked for, 'yyyy-MM-dd'." }),
    timeZone: z.string().meta({ description: "The business time zone (IANA name)." }),
    durationMinutes: z.number().int().meta({ description: "The appointment length the slots are for." }),
    slots: z.array(availabilitySlotSchema).meta({ description: "The day's bookable start times, every 30 minutes from 08:00 to 18:00." }),
  })
  .meta({ id: "Availability", description: "A day's booking slots for one staff member." });
export type Availability = z.infer<typeof availabilitySchema>;

/** How many days from the date asked GET /api/appointments/busy looks through for the next free time. */
export const NEXT_FREE_SEARCH_DAYS = 14;

/** GET /api/appointments/busy: one person's busy times on a day, and their next free booking time. */
export const busyDayQuerySchema = z.object({
  assignedTo: z.string().uuid().meta({ description: "Whose busy times: a user id (GET /api/users/staff lists them)." }),
  date: calendarDate("Date is required").meta({ description: "The day, 'yyyy-MM-dd' in the business time zone; today or later." }),
  durationMinutes: z
    .enum(durationQueryValues, { message: "Duration must be 30, 60, 90, 120 or 180 minutes" })
    .default("60")
    .meta({ description: "The length of the appointment the next free time is for (default 60)." }),
  excludeLeadId: z
    .string()
    .uuid()
    .meta({ description: "The lead being rescheduled: its own appointment is neither busy time nor a clash." })
    .optional(),
  time: timeOfDay()
    .meta({ description: "'HH:MM': look for the next free time from this time of the date on (default: the day's first slot)." })
    .optional(),
});
export type BusyDayQuery = z.input<typeof busyDayQuerySchema>;

const busyTimeSchema = z
  .object({
    kind: z.enum(["appointment", "time-block"]).meta({ description: "An appointment or an occurrence of a time block." }),
    id: z.string().nullable().meta({
      description:
        "The appointment's lead id or the block's id; null for an appointment the caller may not open (a crew member's view of one not theirs).",
    }),
    title: z.string().meta({ description: "The client's name or the block's title ('Busy' for what the caller may not read)." }),
    start: z.string().meta({ description: "When it starts (ISO 8601)." }),
    end: z.string().meta({ description: "When it ends (ISO 8601)." }),
  })
  .meta({ id: "BusyTime", description: "A stretch of a person's day that is taken." });
export type BusyTime = z.infer<typeof busyTimeSchema>;

export const busyDaySchema = z
  .object({
    userId: z.string().meta({ description: "Whose day it is." }),
    date: z.string().meta({ description: "The day asked for, 'yyyy-MM-dd'." }),
    timeZone: z.string().meta({ description: "The business time zone (IANA name)." }),
    workingHours: z
      .object({
        start: z.string().meta({ description: "When their working day starts (ISO 8601)." }),
        end: z.string().meta({ description: "When it ends (ISO 8601)." }),
      })
      .nullable()
      .meta({ description: "Their working hours that day; null when it is not a working day for them. Outside them is busy." }),
    busy: z.array(busyTimeSchema).meta({
      description: "Their appointments (and unassigned ones, which could be anyone's) and time-block occurrences that day, by start.",
    }),
    nextFree: z
      .object({
        date: z.string().meta({ description: "'yyyy-MM-dd' in the business time zone." }),
        time: z.string().meta({ description: "'HH:MM' in the business time zone: one of the booking slots." }),
        start: z.string().meta({ description: "The same instant (ISO 8601)." }),
      })
      .nullable()
      .meta({
        description: `The first booking slot from the date (and time, if given) on, not yet begun, at which an appointment of durationMinutes clashes with nothing (working hours, blocks, appointments); null when none in ${NEXT_FREE_SEARCH_DAYS} days.`,
      }),
  })
  .meta({ id: "BusyDay", description: "One person's busy times on a day and their next free booking time." });
export type BusyDay = z.infer<typeof busyDaySchema>;

/** GET /api/appointments/settings: what a booking screen needs before it draws anything. */
export const schedulingSettingsSchema = z
  .object({
    timeZone: z
      .string()
      .meta({ description: "The business time zone (BUSINESS_TIME_ZONE): every date and time a person sees or types is in this zone." }),
    today: z.string().meta({ description: "Today in the business time zone, 'yyyy-MM-dd' (the earliest bookable date)." }),
    durations: z.array(z.number().int()).meta({ description: "The appointment lengths offered, in minutes." }),
    defaultDurationMinutes: z.number().int().meta({ description: "The length a booking gets when none is given." }),
    slots: z
      .object({
        from: z.string().meta({ description: "The first slot, 'HH:MM'." }),
        to: z.string().meta({ description: "The last slot, 'HH:MM'." }),
        stepMinutes: z.number().int().meta({ description: "Minutes between two slots." }),
      })
      .meta({ description: "The start times the booking dialog offers." }),
    maxRangeDays: z.number().int().meta({ description: "The longest range GET /api/calendar/range answers, in days." }),
  })
  .meta({ id: "SchedulingSettings", description: "What a booking screen needs before it draws anything." });
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;
