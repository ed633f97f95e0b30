import { z } from "zod";
import { ATTRIBUTION_PARAM_MAX, ATTRIBUTION_URL_MAX } from "./attribution.js";
import { described } from "./describe.js";
import { SUBMISSION_FIELDS } from "./submission.js";
import { identityText, text } from "./text.js";

const optionalText = (max: number) => text().trim().max(max).optional().or(z.literal(""));

/** The contact form (docs/product.md "Validation rules"), shared by the form and POST /api/contact. */
export const contactSchema = z.object(
  described(
    {
      name: identityText().trim().min(2, "Name must be at least 2 characters").max(100),
      email: identityText().trim().email("Please enter a valid email address").max(254),
      phone: identityText().trim().max(30).optional(),
      address: optionalText(200),
      zipCode: text().trim().min(5, "Zip code must be at least 5 characters").max(10),
      service: optionalText(60),
      message: optionalText(5000),
    },
    SUBMISSION_FIELDS,
  ),
);
type ContactInput = z.infer<typeof contactSchema>;

/** Where a visitor came from, captured by the page and sent with the form. */
export const attributionSchema = z.object(
  described(
    {
      utmSource: text().max(ATTRIBUTION_PARAM_MAX).optional(),
      utmMedium: text().max(ATTRIBUTION_PARAM_MAX).optional(),
      utmCampaign: text().max(ATTRIBUTION_PARAM_MAX).optional(),
      utmTerm: text().max(ATTRIBUTION_PARAM_MAX).optional(),
      utmContent: text().max(ATTRIBUTION_PARAM_MAX).optional(),
      referrer: text().max(ATTRIBUTION_URL_MAX).optional(),
      landingPage: text().max(ATTRIBUTION_URL_MAX).optional(),
    },
    SUBMISSION_FIELDS,
  ),
);
export type Attribution = z.infer<typeof attributionSchema>;

/** The request body: the form, attribution, and spam signals (honeypot, time to submit, Turnstile). */
export const contactRequestSchema = contactSchema.extend({
  ...attributionSchema.shape,
  /**
   * Honeypot: what a bot typed into the form's hidden field (named `website` on the page, where bots
   * fill it in). Not `website` here, so an integrator never sends a customer's site in it.
   */
  botTrap: text().max(500).optional().meta({
    description:
      "Bot trap: leave it out. The site's form fills it only with what a bot typed into a field hidden from people; a submission with a value is dropped (answered as sent, never stored). Unknown fields such as `website` are ignored.",
  }),
  /** Milliseconds between the form being shown and submitted. */
  elapsedMs: z.number().int().min(0).optional().meta({
    description:
      "Milliseconds between showing the form and sending it (optional). Under CONTACT_MIN_SUBMIT_MS (a bot's speed) the submission is dropped (answered as sent, never stored).",
  }),
  turnstileToken: text().max(4096).optional().meta({
    description: "The Cloudflare Turnstile token of the form's bot check: required when the server has TURNSTILE_SECRET_KEY set.",
  }),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** A submission that fails is an error answer, so `success` is always true. */
export const contactResponseSchema = z.object({
  success: z.literal(true).meta({ description: "Always true: a submission that fails is an error answer." }),
  message: z.string().meta({ description: "The thank-you text for the Message Sent! notice." }),
  id: z.string().uuid().meta({
    description:
      "The submission's id (as in GET /api/contact-submissions). An identical repeat within 10 minutes answers the first one's id.",
  }),
  duplicate: z.boolean().meta({
    description:
      "True when the same submission (same e-mail, name, ZIP code, phone digits, service and message; case and spacing aside) " +
      "arrived within the last 10 minutes: nothing new was stored and `id` is the earlier one's. False for a new submission.",
  }),
});

/** The form's fields as typed (every one a string, empty when left blank). */
export type ContactValues = Record<keyof ContactInput, string>;

/** What became of a contact form posted without JavaScript, as the server renders it into the page. */
export type ContactFormOutcome =
  | { sent: true; message: string }
  | {
      sent: false;
      values: ContactValues;
      /** The messages of docs/product.md "Validation rules", per field. */
      errors: Partial<Record<keyof ContactValues, string>>;
      /** A notice for the whole form: rate limit, bot check, expired form, unreadable request. */
      message?: string;
    };

/**
 * What the server gives the contact form of a page it renders (apps/server's web.ts hands it to
 * the web app's render, whose router context carries it): a signed time of showing for the
 * time-to-submit check, the visit's attribution as hidden fields, and the outcome of a script-less
 * submission to this page.
 */
export type ContactFormServerState = {
  /** The page the state was rendered for; a form elsewhere ignores `outcome`. */
  path: string;
  /** Signed time the form was shown, sent back in a hidden field. */
  token: string;
  attribution: Attribution;
  outcome?: ContactFormOutcome;
};
