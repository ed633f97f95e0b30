import { z } from "zod";
import { identityText, isoInstant, text } from "./text.js";

export const leadStatuses = ["new", "contacted", "scheduled", "quoted", "won", "lost"] as const;
/** Statuses the calendar views also count (docs/product.md §4). */
export const allLeadStatuses = [...leadStatuses, "in-progress", "completed"] as const;
export const leadPriorities = ["low", "medium", "high"] as const;
export const leadSources = ["website", "google", "referral", "facebook", "phone", "other", "appointment-booking"] as const;

export const leadStatusSchema = z.enum(allLeadStatuses);
export const leadPrioritySchema = z.enum(leadPriorities);
export const leadSourceSchema = z.enum(leadSources);

const optionalText = (max: number) => text().trim().max(max).nullish();

/**
 * Estimated value: entered as a number, stored and sent as a string (docs/product.md §5). A blank
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

export const leadCreateSchema = z.object({
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
});
export type LeadCreateInput = z.input<typeof leadCreateSchema>;

export const leadUpdateSchema = z.object({
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
});
export type LeadUpdateInput = z.input<typeof leadUpdateSchema>;

export const leadSchema = z.object({
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
  // Added with scheduling (#11). Always sent; optional in the type so existing clients compile.
  /** The appointment's length in minutes (30, 60, 90, 120 or 180; 60 unless booked otherwise). */
  durationMinutes: z.number().int().optional(),
  /** The username of the user the appointment is for; null when unassigned. */
  assigneeName: z.string().nullable().optional(),
});
export type Lead = z.infer<typeof leadSchema>;

/** Parses the inline estimated value: a number, falling back to 0 (docs/product.md §5). */
export function parseEstimatedValue(value: string | null | undefined): number {
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** Another lead that looks like the same person: the form warns while typing, conversion reports them. */
export const duplicateLeadSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: leadStatusSchema,
});
export type DuplicateLead = z.infer<typeof duplicateLeadSchema>;

/**
 * GET /api/leads/duplicates: all optional and lenient, since the form asks while the person is
 * still typing (a half-typed email is not an error here). Empty values match nothing.
 */
export const leadDuplicatesQuerySchema = z.object({
  email: text().trim().max(254).optional(),
  phone: text().trim().max(30).optional(),
  excludeId: z.union([z.string().uuid(), z.literal("")]).optional(),
});
export type LeadDuplicatesQuery = z.infer<typeof leadDuplicatesQuerySchema>;

export const leadEventKinds = ["created", "converted", "status", "value", "schedule"] as const;

/** One entry of a lead's timeline: who changed what, when, from → to. */
export const leadEventSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(leadEventKinds),
  from: z.string().nullable(),
  to: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;
