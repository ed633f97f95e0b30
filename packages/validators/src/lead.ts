import { z } from "zod";
import { described } from "./describe.js";
import { identityText, isoInstant, text } from "./text.js";

const leadStatuses = ["new", "contacted", "scheduled", "quoted", "won", "lost"] as const;
/** Statuses the calendar views also count (docs/product.md "States and transitions"). */
export const allLeadStatuses = [...leadStatuses, "in-progress", "completed"] as const;
export const leadPriorities = ["low", "medium", "high"] as const;
export const leadSources = [
  "website",
  "google",
  "referral",
  "facebook",
  "phone",
  "other",
  "appointment-booking",
  "online-booking",
] as const;

export const leadStatusSchema = z.enum(allLeadStatuses).meta({
  id: "LeadStatus",
  description:
    "Where a lead stands: the board's columns new, contacted, scheduled, quoted, won and lost (the calendar also counts in-progress and completed). Any status may follow any other; booking an appointment sets scheduled.",
});
export const leadPrioritySchema = z
  .enum(leadPriorities)
  .meta({ id: "LeadPriority", description: "How urgent a lead is: low, medium or high." });
const leadSourceSchema = z.enum(leadSources).meta({
  id: "LeadSource",
  description:
    "How a lead reached the business; appointment-booking for a lead created by booking a new client, online-booking for one a homeowner booked on /book.",
});

/** What each lead field means: one table for the Lead resource and the bodies that create and change it. */
const LEAD_FIELDS = {
  id: "The lead's id.",
  name: "The client's name.",
  email: "The client's email address.",
  phone: "The client's phone number, as typed.",
  address: "The address of the property (where the appointment takes place).",
  zipCode: "The property's zip code (at least 5 characters).",
  service: "The service asked about: a service id such as crawl-space-encapsulation, or consultation.",
  status: "Where the lead stands on the board (default new).",
  priority: "How urgent the lead is (default medium).",
  source: "How the lead reached the business (default website).",
  notes: "Staff notes about the lead (the board shows the first 100 characters).",
  estimatedValue:
    'The estimated value of the job in dollars, a number of at least 0 sent as a string (e.g. "2500" or "2500.50"); blank is "0".',
  scheduledDate: "The appointment's start, an ISO 8601 instant; null when none is booked.",
  googleCalendarEventId: "The Google Calendar event that mirrors the appointment, once it was pushed there.",
  submissionId: "The contact submission the lead was converted from, if any.",
  createdAt: "When the lead was created (ISO 8601).",
  updatedAt: "When the lead last changed (ISO 8601).",
  durationMinutes: "The appointment's length in minutes: 30, 60, 90, 120 or 180 (60 unless booked otherwise).",
  assigneeName: "The username of the staff member the appointment is for; null when unassigned.",
  assignedTo: "The id of the staff member the appointment is for (the default of the next booking's assignedTo); null when unassigned.",
} as const;

const optionalText = (max: number) => text().trim().max(max).nullish();

/**
 * Estimated value: entered as a number, stored and sent as a string (docs/product.md "Validation rules"). A blank
 * value is 0 (docs/product.md: "falling back to 0"); anything else that is not a number of at least 0 is
 * refused, not turned into 0.
 */
export const estimatedValueSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^(\d+(\.\d{1,2})?)?$/, "Estimated value must be a number of at least 0")
  .transform((value) => (value === "" ? "0" : value))
  .nullish();

export const leadCreateSchema = z.object(
  described(
    {
      name: identityText().trim().min(1, "Name is required").max(100),
      email: identityText().trim().email("Please enter a valid email address").max(254),
      phone: identityText().trim().max(30).nullish(),
      address: optionalText(200),
      zipCode: text().trim().min(5, "Zip code must be at least 5 characters").max(10),
      service: text().trim().min(1, "Service is required").max(60),
      status: leadStatusSchema.default("new"),
      priority: leadPrioritySchema.default("medium"),
      source: leadSourceSchema.default("website"),
      notes: optionalText(5000),
      estimatedValue: estimatedValueSchema,
      scheduledDate: isoInstant().nullish(),
    },
    LEAD_FIELDS,
  ),
);
export type LeadCreateInput = z.input<typeof leadCreateSchema>;

export const leadUpdateSchema = z.object(
  described(
    {
      name: identityText().trim().min(1, "Name is required").max(100).optional(),
      email: identityText().trim().email("Please enter a valid email address").max(254).optional(),
      phone: identityText().trim().max(30).nullish(),
      address: optionalText(200),
      zipCode: text().trim().min(5, "Zip code must be at least 5 characters").max(10).nullish(),
      service: text().trim().min(1, "Service is required").max(60).optional(),
      status: leadStatusSchema.optional(),
      priority: leadPrioritySchema.optional(),
      source: leadSourceSchema.optional(),
      notes: optionalText(5000),
      estimatedValue: estimatedValueSchema,
      scheduledDate: isoInstant().nullish(),
      assignedTo: z
        .string()
        .uuid("assignedTo must be a user id")
        .nullable()
        .optional()
        .meta({
          description:
            "Assign the lead to this staff member (a user id from GET /api/users/staff), or null to unassign it. When the lead has an " +
            "appointment that is not over, the new person's working hours, time blocks and other appointments are checked as a booking " +
            "is: 409 with `conflicts` unless `confirm` is true. A crew member cannot give a lead to someone else (403).",
        }),
      confirm: z
        .boolean()
        .optional()
        .meta({ description: 'Assign even though the new person\'s calendar has conflicts ("Assign anyway"); default false.' }),
    },
    LEAD_FIELDS,
  ),
);
export type LeadUpdateInput = z.input<typeof leadUpdateSchema>;

export const leadSchema = z
  .object(
    described(
      {
        id: z.string().uuid(),
        name: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        address: z.string().nullable(),
        zipCode: z.string().nullable(),
        service: z.string(),
        status: leadStatusSchema,
        priority: leadPrioritySchema,
        source: leadSourceSchema,
        notes: z.string().nullable(),
        estimatedValue: z.string().nullable(),
        scheduledDate: z.string().nullable(),
        googleCalendarEventId: z.string().nullable(),
        submissionId: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
        // Added with scheduling (ADR 009). Always sent; optional in the type so existing clients compile.
        durationMinutes: z.number().int().optional(),
        assigneeName: z.string().nullable().optional(),
        assignedTo: z.string().uuid().nullable().optional(),
      },
      LEAD_FIELDS,
    ),
  )
  .meta({ id: "Lead", description: "A lead: a prospective client on the leads board, with the appointment booked for them (if any)." });
export type Lead = z.infer<typeof leadSchema>;

/** Parses the inline estimated value: a number, falling back to 0 (docs/product.md "Validation rules"). */
export function parseEstimatedValue(value: string | null | undefined): number {
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** Another lead that looks like the same person: the form warns while typing, conversion reports them. */
export const duplicateLeadSchema = z
  .object(
    described(
      { id: z.string().uuid(), name: z.string(), email: z.string(), phone: z.string().nullable(), status: leadStatusSchema },
      LEAD_FIELDS,
    ),
  )
  .meta({ id: "DuplicateLead", description: "Another lead with the same email address or phone number (it may be the same person)." });
export type DuplicateLead = z.infer<typeof duplicateLeadSchema>;

/**
 * GET /api/leads/duplicates: all optional and lenient, since the form asks while the person is
 * still typing (a half-typed email is not an error here). Empty values match nothing.
 */
export const leadDuplicatesQuerySchema = z.object({
  email: text().trim().max(254).meta({ description: "An email address, even half-typed (matched ignoring case)." }).optional(),
  phone: text().trim().max(30).meta({ description: "A phone number (matched by its digits)." }).optional(),
  excludeId: z
    .union([z.string().uuid(), z.literal("")])
    .meta({ description: "A lead to leave out (the one being edited)." })
    .optional(),
});
export type LeadDuplicatesQuery = z.infer<typeof leadDuplicatesQuerySchema>;

const leadEventKinds = [
  "created",
  "converted",
  "status",
  "value",
  "schedule",
  "notes",
  "priority",
  "assignee",
  "submission",
  "note",
  "photo",
  "on-my-way",
] as const;

/** One entry of a lead's timeline: who changed what, when, from → to. */
export const leadEventSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The entry's id." }),
    kind: z.enum(leadEventKinds).meta({
      description:
        "What happened: created, converted (from a contact submission), status, value (estimated value), schedule (appointment), notes, priority, assignee (who the appointment is for), submission (a contact request added to this lead; `to` is its message), note (a visit note; `to` is its text), photo (a job photo added; `to` is its id) or on-my-way (the client was mailed that the crew is coming; `from` is the appointment's start, `to` the arrival time told).",
    }),
    from: z.string().nullable().meta({ description: "The value before the change (status, value or ISO 8601 start); null for none." }),
    to: z.string().nullable().meta({ description: "The value after the change; null for none." }),
    actorName: z.string().nullable().meta({
      description:
        "Who made the change: their username (their display name for a note, photo or on-my-way); null for the public contact form or a deleted account.",
    }),
    createdAt: z.string().meta({ description: "When it happened (ISO 8601)." }),
  })
  .meta({ id: "LeadEvent", description: "One entry of a lead's timeline: who changed what, when, from what to what." });
export type LeadEvent = z.infer<typeof leadEventSchema>;
