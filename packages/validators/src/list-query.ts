import { z } from "zod";
import { allLeadStatuses, leadSources } from "./lead.js";
import { syncQuerySchema } from "./integrations.js";
import { isoInstant, text } from "./text.js";

/*
 * The filters of the list calls (GET /api/leads, GET /api/contact-submissions, and their paged
 * forms), combinable, and the array form's sort. Query parameters, so every value is a string; a
 * comma list names several values of one filter (any of them matches).
 */

/** A comma list of values of `values` (any case, spaces around commas ignored), answered as the values. */
function commaList<const T extends readonly string[]>(values: T, description: string) {
  return z
    .string()
    .max(300)
    .transform((raw, ctx) => {
      const items = [...new Set(raw.split(",").map((v) => v.trim()))].filter((v) => v !== "");
      const unknown = items.filter((v) => !(values as readonly string[]).includes(v));
      if (items.length === 0 || unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `${unknown.length ? `Unknown value ${unknown.map((v) => `"${v}"`).join(", ")}` : "Empty"}: use one or more of ${values.join(", ")}, separated by commas`,
        });
        return z.NEVER;
      }
      return items;
    })
    .meta({
      description: `${description} One or more of ${values.join(", ")}, separated by commas (any of them matches).`,
      pattern: `^ *(?:${values.join("|")})(?: *, *(?:${values.join("|")}))* *$`,
    })
    .optional();
}

const DAY_OR_INSTANT_MESSAGE = "Must be a date (YYYY-MM-DD) or an ISO 8601 date and time";

/** Whether YYYY-MM-DD names a day of the calendar (not 2026-02-30 or 7461-37-65). */
function isRealDay(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day (YYYY-MM-DD, in the business time zone) or an instant (ISO 8601 with an offset). */
const dayOrInstant = (description: string) =>
  z
    .union([
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_OR_INSTANT_MESSAGE)
        .refine(isRealDay, DAY_OR_INSTANT_MESSAGE),
      isoInstant(),
    ])
    .meta({ description, example: "2026-06-01" })
    .optional();

/** A search text; blank searches nothing (as if not sent: a REST query drops an empty value too). */
const searchText = (description: string) => text().trim().max(100, "Must be at most 100 characters").meta({ description }).optional();

export const LEAD_SORTS = ["name", "createdAt", "updatedAt", "scheduledDate"] as const;
const leadSortValues = LEAD_SORTS.flatMap((s) => [s, `-${s}`] as const);
export type LeadSort = (typeof leadSortValues)[number];

/** The filters a lead list takes (array and paged forms). */
export const leadFilterShape = {
  status: commaList(allLeadStatuses, "Only leads with this status."),
  source: commaList(leadSources, "Only leads from this source."),
  assignedTo: z
    .union([z.string().uuid("Must be a user id or none"), z.literal("none")])
    .meta({ description: "Only leads assigned to this user (a user id), or `none`: only unassigned leads." })
    .optional(),
  q: searchText(
    "Only leads whose name or email contains this text (any case), or whose phone number contains its digits (at least 3 digits; spaces, dashes and brackets ignored).",
  ),
  scheduledFrom: dayOrInstant(
    "Only leads with an appointment starting at or after this: a day (YYYY-MM-DD, from its start in the business time zone) or an instant.",
  ),
  scheduledTo: dayOrInstant(
    "Only leads with an appointment starting at or before this: a day (YYYY-MM-DD, up to its end in the business time zone) or an instant.",
  ),
};

export const leadFilterSchema = z.object(leadFilterShape);
export type LeadFilters = z.output<typeof leadFilterSchema>;

/**
 * The sync parameters as a list path still takes them (deprecated there: the paged form has its own
 * path), documented so.
 */
function deprecatedSyncShape(pagePath: string) {
  const shape = syncQuerySchema.shape;
  const deprecated = <T extends z.ZodType>(schema: z.ZodOptional<T>) =>
    schema
      .unwrap()
      .meta({
        description: `Deprecated here: use GET ${pagePath}, which takes it. ${String(schema.unwrap().meta()?.description ?? "")} With it this path answers a page of changes, not the array.`,
        deprecated: true,
      })
      .optional();
  return {
    updatedSince: deprecated(shape.updatedSince),
    limit: deprecated(shape.limit),
    cursor: deprecated(shape.cursor),
    includeDeleted: deprecated(shape.includeDeleted),
  };
}

/**
 * GET /api/leads: the filters and the sort of the array form; the sync parameters still answer the
 * paged form there (use GET /api/leads/page instead).
 */
export const leadListQuerySchema = z.object({
  ...deprecatedSyncShape("/api/leads/page"),
  ...leadFilterShape,
  sort: z
    .enum(leadSortValues as unknown as [LeadSort, ...LeadSort[]])
    .meta({
      description:
        "The order of the array: name, createdAt, updatedAt or scheduledDate, with a leading `-` for descending (leads without an appointment last either way). Default: -createdAt (newest first). Not with the sync parameters: a page is always in the order of the changes.",
    })
    .optional(),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** GET /api/leads/page: a page of changes, filtered. */
export const leadPageQuerySchema = syncQuerySchema.extend(leadFilterShape);
export type LeadPageQuery = z.output<typeof leadPageQuerySchema>;

export const SUBMISSION_STATUSES = ["new", "converted"] as const;

/** The filters a contact submission list takes (array and paged forms). */
export const submissionFilterShape = {
  status: commaList(
    SUBMISSION_STATUSES,
    "Only submissions in this state: new (neither converted nor added to a lead) or converted (it has a lead).",
  ),
  q: searchText(
    "Only submissions whose name or email contains this text (any case), or whose phone number contains its digits (at least 3 digits).",
  ),
};
export type SubmissionFilters = z.output<z.ZodObject<typeof submissionFilterShape>>;

/** GET /api/contact-submissions: the filters (newest first); the sync parameters still answer the paged form there. */
export const submissionListQuerySchema = z.object({ ...deprecatedSyncShape("/api/contact-submissions/page"), ...submissionFilterShape });
export type SubmissionListQuery = z.output<typeof submissionListQuerySchema>;

/** GET /api/contact-submissions/page. */
export const submissionPageQuerySchema = syncQuerySchema.extend(submissionFilterShape);
