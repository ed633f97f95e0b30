import { z } from "zod";

/*
 * The Notifications settings an admin saves (User Management, admins only): who gets office mail,
 * which kinds each of them gets, which client mails go out.
 */

/** The kinds of office mail, each one a recipient may take or leave. */
export const officeMailKinds = ["office-contact", "office-booking"] as const;
export type OfficeMailKind = (typeof officeMailKinds)[number];

/** What each kind is called on the settings screen and in the test mail. */
export const officeMailKindLabels: Record<OfficeMailKind, string> = {
  "office-contact": "New requests from the contact form",
  "office-booking": "Appointments booked and moved",
};

export const officeRecipientSchema = z
  .object({
    email: z.string().trim().email("Enter a valid e-mail address").max(254),
    digest: z.boolean(),
    // Added with per-recipient kinds; omitted: every kind (as before).
    kinds: z
      .array(z.enum(officeMailKinds))
      .max(officeMailKinds.length)
      .optional()
      .transform((kinds) => (kinds ? officeMailKinds.filter((kind) => kinds.includes(kind)) : [...officeMailKinds])),
  })
  .strict();
export type OfficeRecipientInput = z.input<typeof officeRecipientSchema>;

/** The Notifications settings an admin saves: strict, nothing coerced. */
export const notificationSettingsInput = z
  .object({
    officeRecipients: z.array(officeRecipientSchema).max(20, "At most 20 office recipients"),
    clientConfirmation: z.boolean(),
    clientCancellation: z.boolean(),
    clientReminder: z.boolean(),
    contactAcknowledgement: z.boolean(),
    reminderLeadHours: z.number().int().min(1, "At least 1 hour").max(168, "At most 168 hours (a week)"),
  })
  .strict();
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>;

/** The test mail button's answer: whom a test mail was queued for. */
export interface TestMailResult {
  queued: { email: string }[];
}

export const NO_OFFICE_RECIPIENTS_MESSAGE = "There are no office recipients to send a test mail to: add one and save first.";
