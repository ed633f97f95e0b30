import { z } from "zod";
import { duplicateLeadSchema, leadSchema } from "./lead.js";

/** A stored contact form submission, with the lead converted from it (if any). */
export const contactSubmissionSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string(),
  service: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  referrer: z.string().nullable(),
  landingPage: z.string().nullable(),
  leadId: z.string().uuid().nullable(),
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

/**
 * The site a submission's referrer names ("www." dropped: google.com, not www.google.com), for
 * the Contact Submissions card and for guessing a converted lead's source. Null without one, or
 * when it is not a URL.
 */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).hostname.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** POST /api/contact-submissions/{id}/convert-to-lead. `created` is false when it was converted before. */
export const convertToLeadResultSchema = z.object({
  lead: leadSchema,
  created: z.boolean(),
  /** Other leads with the same email or phone number. */
  duplicates: z.array(duplicateLeadSchema),
});
export type ConvertToLeadResult = z.infer<typeof convertToLeadResultSchema>;
