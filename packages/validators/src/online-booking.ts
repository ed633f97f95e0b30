import { z } from "zod";
import { appointmentDurations } from "./appointment.js";
import { type FieldIssue, timeOfDay } from "./availability.js";
import { described } from "./describe.js";
import { identityText, isoInstant, text } from "./text.js";

/*
 * Online booking (docs/product.md "Online booking"): the admin's settings, the windows a homeowner
 * sees, a booking and what managing it takes. Times of day are 'HH:MM' in the business time zone
 * (ADR 009); instants are ISO 8601 strings. Rules between fields are checked by the functions below,
 * after the schemas, so the schemas stay exact descriptions of each field.
 */

/** Bounds that keep one settings row and one window list small. */
export const MAX_BOOKING_WINDOWS = 50;
export const MAX_BOOKABLE_CREW = 50;
export const MAX_SERVICE_ZIP_CODES = 2000;
export const MAX_NOTICE_HOURS = 720;
export const MAX_HORIZON_DAYS = 90;

const ZIP_PATTERN = /^\d{5}$/;
export const ZIP_CODE_MESSAGE = "Zip code must be 5 digits";
export const WINDOW_LENGTH_MESSAGE = "A window lasts 30, 60, 90, 120 or 180 minutes (an appointment's lengths)";
export const WINDOW_OVERLAP_MESSAGE = "Windows on the same day may not overlap";

/** One arrival window of the week, in business time. */
export const bookingWindowRuleSchema = z
  .object(
    described(
      {
        dayOfWeek: z
          .number()
          .int()
          .min(0, "Day of week must be 0 (Sunday) to 6 (Saturday)")
          .max(6, "Day of week must be 0 (Sunday) to 6 (Saturday)"),
        start: timeOfDay("Start time is required"),
        end: timeOfDay("End time is required"),
      },
      {
        dayOfWeek: "The day of the week: 0 is Sunday … 6 Saturday.",
        start: "When the window opens, 'HH:MM' in the business time zone.",
        end: "When it closes, 'HH:MM' in the business time zone: 30, 60, 90, 120 or 180 minutes after start.",
      },
    ),
  )
  .meta({ id: "BookingWindowRule", description: "An arrival window offered every week on one day, in business time." });
export type BookingWindowRule = z.infer<typeof bookingWindowRuleSchema>;

const SETTINGS_FIELDS = {
  enabled: "Whether homeowners can book online (/book and the public booking calls); off: the list answers 404 and /book gives the phone.",
  windows: `The weekly arrival windows (at most ${MAX_BOOKING_WINDOWS}), in business time; windows on one day may not overlap.`,
  noticeHours: `The soonest a window may start, in hours from now (0 to ${MAX_NOTICE_HOURS}).`,
  horizonDays: `How far ahead windows are offered: those starting within this many days (times 24 hours) from now (1 to ${MAX_HORIZON_DAYS}).`,
  bookableUserIds: `The crew members (user ids) who can be booked online, in the order ties go (at most ${MAX_BOOKABLE_CREW}).`,
  serviceZipCodes: `The five-digit zip codes served (at most ${MAX_SERVICE_ZIP_CODES}); empty: every zip.`,
} as const;

export const onlineBookingSettingsInputSchema = z.object(
  described(
    {
      enabled: z.boolean(),
      windows: z.array(bookingWindowRuleSchema).max(MAX_BOOKING_WINDOWS, `At most ${MAX_BOOKING_WINDOWS} windows`),
      noticeHours: z
        .number()
        .int()
        .min(0, "Notice must be 0 hours or more")
        .max(MAX_NOTICE_HOURS, `Notice may be at most ${MAX_NOTICE_HOURS} hours`),
      horizonDays: z
        .number()
        .int()
        .min(1, "The horizon is at least 1 day")
        .max(MAX_HORIZON_DAYS, `The horizon is at most ${MAX_HORIZON_DAYS} days`),
      bookableUserIds: z.array(z.string().uuid("Must be a user id")).max(MAX_BOOKABLE_CREW, `At most ${MAX_BOOKABLE_CREW} people`),
      serviceZipCodes: z
        .array(text().trim().regex(ZIP_PATTERN, ZIP_CODE_MESSAGE))
        .max(MAX_SERVICE_ZIP_CODES, `At most ${MAX_SERVICE_ZIP_CODES} zip codes`),
    },
    SETTINGS_FIELDS,
  ),
);
export type OnlineBookingSettingsInput = z.infer<typeof onlineBookingSettingsInputSchema>;

export const onlineBookingSettingsSchema = onlineBookingSettingsInputSchema
  .extend({
    // As saved (plain text, no trimming rules): the request's BookingWindowRule would otherwise be
    // named a second time for answers.
    windows: z
      .array(
        z.object({
          dayOfWeek: z.number().int().meta({ description: "The day of the week: 0 is Sunday … 6 Saturday." }),
          start: z.string().meta({ description: "When the window opens, 'HH:MM' in the business time zone." }),
          end: z.string().meta({ description: "When it closes, 'HH:MM' in the business time zone." }),
        }),
      )
      .meta({ description: SETTINGS_FIELDS.windows }),
    bookableUserIds: z.array(z.string()).meta({ description: SETTINGS_FIELDS.bookableUserIds }),
    serviceZipCodes: z.array(z.string()).meta({ description: SETTINGS_FIELDS.serviceZipCodes }),
    timeZone: z.string().meta({ description: "The business time zone the windows are in (BUSINESS_TIME_ZONE)." }),
  })
  .meta({ id: "OnlineBookingSettings", description: "Online booking's settings, as an admin saved them." });
export type OnlineBookingSettings = z.infer<typeof onlineBookingSettingsSchema>;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Rules between fields: each window's length, no two overlapping on a day, nothing listed twice. */
export function onlineBookingSettingsIssues(
  settings: Pick<OnlineBookingSettingsInput, "windows" | "bookableUserIds" | "serviceZipCodes">,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  settings.windows.forEach((window, i) => {
    const length = minutesOf(window.end) - minutesOf(window.start);
    if (!(appointmentDurations as readonly number[]).includes(length))
      issues.push({ path: `windows.${i}.end`, message: WINDOW_LENGTH_MESSAGE });
    const clash = settings.windows.findIndex(
      (other, j) => j < i && other.dayOfWeek === window.dayOfWeek && other.start < window.end && window.start < other.end,
    );
    if (clash >= 0) issues.push({ path: `windows.${i}.start`, message: WINDOW_OVERLAP_MESSAGE });
  });
  const once = (values: readonly string[], path: string, message: string) =>
    values.forEach((value, i) => {
      if (values.indexOf(value) !== i) issues.push({ path: `${path}.${i}`, message });
    });
  once(settings.bookableUserIds, "bookableUserIds", "Each person may be listed only once");
  once(settings.serviceZipCodes, "serviceZipCodes", "Each zip code may be listed only once");
  return issues;
}

// ---------------------------------------------------------------------------------------------
// What a homeowner sees

const zipCodeField = text().trim().regex(ZIP_PATTERN, ZIP_CODE_MESSAGE);

export const bookingWindowsQuerySchema = z.object({
  zipCode: zipCodeField.meta({ description: "The property's five-digit zip code: windows are offered only inside the service area." }),
});

export const bookingWindowSchema = z
  .object({
    start: z.string().meta({ description: "When the arrival window opens (ISO 8601, UTC)." }),
    end: z.string().meta({ description: "When it closes (ISO 8601, UTC)." }),
    label: z.string().meta({ description: 'The window in business time, e.g. "Tue, Dec 8 · 9:00–11:00 AM".' }),
  })
  .meta({ id: "BookingWindow", description: "An arrival window at least one bookable crew member is free for, whole." });
export type BookingWindow = z.infer<typeof bookingWindowSchema>;

export const bookingWindowsSchema = z
  .object({ windows: z.array(bookingWindowSchema).meta({ description: "The free windows, soonest first." }) })
  .meta({ id: "BookingWindows", description: "The arrival windows a homeowner can book now." });
export type BookingWindows = z.infer<typeof bookingWindowsSchema>;

export const bookingStatusSchema = z
  .object({ enabled: z.boolean().meta({ description: "Whether homeowners can book online now." }) })
  .meta({ id: "OnlineBookingStatus", description: "Whether online booking is on." });

/** The preview on the dashboard's card: the next free windows and how many crew are free for each. */
export const bookingPreviewSchema = z
  .object({
    enabled: z.boolean().meta({ description: "Whether online booking is on (the preview applies the settings either way)." }),
    timeZone: z.string().meta({ description: "The business time zone the labels are in (IANA name)." }),
    windows: z
      .array(
        bookingWindowSchema.extend({
          freeCount: z.number().int().meta({ description: "How many bookable crew members are free for the whole window." }),
        }),
      )
      .meta({ description: "The next free windows, soonest first, each with how many crew members are free for it." }),
  })
  .meta({ id: "OnlineBookingPreview", description: "The dashboard's preview: the next free windows under the settings." });
export type BookingPreview = z.infer<typeof bookingPreviewSchema>;

const PHONE_DIGITS_MESSAGE = "Phone number must be at least 10 digits";

const BOOKING_FIELDS = {
  name: "The homeowner's name.",
  email: "Where the confirmation, with the manage link, is mailed.",
  phone: "A phone number with at least 10 digits.",
  address: "The property's address, where the inspection takes place.",
  zipCode: "The property's five-digit zip code (inside the service area).",
  service: "What the inspection is about: a service id (GET /api/public/booking/windows lists none; the site's services and 'other').",
  windowStart: "The chosen window's `start`, exactly as the window list gave it.",
  message: "Anything the crew should know (optional).",
} as const;

export const onlineBookingFieldsSchema = z.object(
  described(
    {
      name: identityText().trim().min(2, "Name must be at least 2 characters").max(100),
      email: identityText().trim().email("Please enter a valid email address").max(254),
      phone: identityText()
        .trim()
        .min(1, { message: "Phone number is required", abort: true })
        .max(30)
        .refine((v) => v.replace(/\D/g, "").length >= 10, PHONE_DIGITS_MESSAGE),
      address: text().trim().min(1, { message: "Address is required", abort: true }).max(200),
      zipCode: zipCodeField,
      service: text().trim().min(1, { message: "Service is required", abort: true }).max(60),
      windowStart: isoInstant(),
      message: text().trim().max(2000).optional(),
    },
    BOOKING_FIELDS,
  ),
);

/** POST /api/public/booking: the fields and the contact form's spam signals. */
export const onlineBookingRequestSchema = onlineBookingFieldsSchema.extend({
  botTrap: text().max(500).optional().meta({
    description:
      "Bot trap: leave it out. As on the contact form, a booking with a value is dropped: answered as booked, nothing stored or sent.",
  }),
  elapsedMs: z.number().int().min(0).optional().meta({
    description:
      "Milliseconds between showing the form and sending it (optional). Under CONTACT_MIN_SUBMIT_MS it is dropped as on the contact form: answered as booked, nothing stored.",
  }),
});
export type OnlineBookingRequest = z.infer<typeof onlineBookingRequestSchema>;

export const onlineBookingResultSchema = z
  .object({
    start: z.string().meta({ description: "The booked window's start (ISO 8601, UTC)." }),
    end: z.string().meta({ description: "Its end." }),
    label: z.string().meta({ description: "The window in business time." }),
    manageUrl: z
      .string()
      .meta({ description: "The homeowner's link to see, reschedule or cancel the booking: /book/{token} on this site." }),
    message: z.string().meta({ description: "What to tell the homeowner." }),
  })
  .meta({ id: "OnlineBookingResult", description: "A booking made online." });
export type OnlineBookingResult = z.infer<typeof onlineBookingResultSchema>;

/** 256 bits, base64url: 43 characters. */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const manageTokenSchema = z
  .string()
  .regex(MANAGE_TOKEN_PATTERN, "Not a booking link")
  .meta({ description: "The token of the booking's manage link (/book/{token})." });

export const onlineBookingViewSchema = z
  .object({
    status: z.enum(["booked", "cancelled"]).meta({ description: "booked, or cancelled by the homeowner (it can then not be moved)." }),
    start: z.string().meta({ description: "The window's start (ISO 8601, UTC); for a cancelled booking, the window it had." }),
    end: z.string().meta({ description: "The window's end (ISO 8601, UTC)." }),
    label: z.string().meta({ description: "The window in business time." }),
    name: z.string().meta({ description: "The homeowner's name, as booked." }),
    service: z.string().meta({ description: "The service booked (its id)." }),
    address: z.string().nullable().meta({ description: "The address of the visit." }),
    zipCode: z.string().nullable().meta({ description: "The address's zip code." }),
  })
  .meta({ id: "OnlineBooking", description: "A booking made online, as its manage link shows it." });
export type OnlineBookingView = z.infer<typeof onlineBookingViewSchema>;

export const onlineBookingRescheduleSchema = z.object({
  token: manageTokenSchema,
  windowStart: isoInstant().meta({ description: "The new window's `start`, as the window list gave it." }),
});
export const onlineBookingCancelSchema = z.object({ token: manageTokenSchema });
