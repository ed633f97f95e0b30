import { z } from "zod";
import { described } from "./describe.js";
import { duplicateLeadSchema, leadSchema } from "./lead.js";

/** What each field of a contact submission means (docs/product.md "Entities and their fields" and "Validation rules"). */
export const SUBMISSION_FIELDS = {
  id: "The submission's id.",
  name: "The visitor's name (at least 2 characters).",
  email: "The visitor's email address.",
  phone: "The visitor's phone number, as typed (optional).",
  address: "The property's address (optional).",
  zipCode: "The property's zip code (at least 5 characters).",
  service: "The service asked about: a service id (e.g. crawl-space-encapsulation) or other; optional.",
  message: "The visitor's message (optional).",
  createdAt: "When the form was sent (ISO 8601).",
  utmSource: "The utm_source of the page the visitor landed on, if any.",
  utmMedium: "The utm_medium of the landing page, if any.",
  utmCampaign: "The utm_campaign of the landing page, if any.",
  utmTerm: "The utm_term of the landing page, if any.",
  utmContent: "The utm_content of the landing page, if any.",
  referrer: "The page that sent the visitor to the site (document.referrer), if any.",
  landingPage: "The first page of the site the visitor saw (path and query).",
  leadId: "The lead it was converted to; null until Convert to Lead.",
  source:
    "The name of the API key that sent it (POST /api/contact with a read-write key, a trusted lead source); null when it came from the website's form.",
  existingLead:
    "A lead that already has the submission's email address (any case) or phone number (by its digits), other than the one made from it: " +
    "the newest such lead's id, name and status, as they are when the list is read; null when none does.",
} as const;

/** The lead a contact submission's sender already is: what the Contact Submissions list flags as "Existing lead: name (status)". */
export const existingLeadSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The lead's id." }),
    name: z.string().meta({ description: "The lead's name." }),
    status: z.string().meta({ description: "The lead's status." }),
  })
  .meta({ id: "ExistingLead", description: "A lead with the submission's email address or phone number." });
export type ExistingLead = z.infer<typeof existingLeadSchema>;

/** A stored contact form submission, with the lead converted from it (if any). */
export const contactSubmissionSchema = z
  .object(
    described(
      {
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
        source: z.string().nullable(),
        existingLead: existingLeadSchema.nullable(),
      },
      SUBMISSION_FIELDS,
    ),
  )
  .meta({ id: "ContactSubmission", description: "A contact form sent from the public site, with where the visitor came from." });
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
export const convertToLeadResultSchema = z
  .object({
    lead: leadSchema.meta({ description: "The lead made from the submission (or made from it before)." }),
    created: z
      .boolean()
      .meta({ description: "False when the submission had been converted before: `lead` is that lead, nothing new was made." }),
    duplicates: z.array(duplicateLeadSchema).meta({ description: "Other leads with the same email address or phone number." }),
  })
  .meta({ id: "ConvertToLeadResult", description: "What Convert to Lead made of a contact submission." });
export type ConvertToLeadResult = z.infer<typeof convertToLeadResultSchema>;

/** POST /api/contact-submissions/{id}/add-to-lead. */
export const addToLeadInputSchema = z.object({
  id: z.string().uuid().meta({ description: "The contact submission's id." }),
  leadId: z.string().uuid().meta({ description: "The existing lead the request joins (usually one of its matching leads)." }),
});

export const addToLeadResultSchema = z
  .object({
    lead: leadSchema.meta({ description: "The lead the submission belongs to now (or already belonged to)." }),
    added: z.boolean().meta({
      description:
        "False when the submission had already been converted or added: `lead` is that lead and nothing changed. True when its message joined this lead's notes and timeline.",
    }),
  })
  .meta({ id: "AddToLeadResult", description: "What Add to this lead did with a contact submission." });
export type AddToLeadResult = z.infer<typeof addToLeadResultSchema>;
