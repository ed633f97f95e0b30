import type { Attribution } from "@crawlguard/validators";

/** The contact form's fields (docs/product.md §3, contact submission payload). */
export type ContactValues = {
  name: string;
  email: string;
  phone: string;
  address: string;
  zipCode: string;
  service: string;
  message: string;
};

export type ContactField = keyof ContactValues;

export type ContactErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT: ContactValues = {
  name: "",
  email: "",
  phone: "",
  address: "",
  zipCode: "",
  service: "",
  message: "",
};

/** Shown when a failed request carries no message of the server's. */
export const CONTACT_FAILED_MESSAGE = "Failed to send message. Please try again.";

/** Where a page's contact form sends itself when it is submitted before the page's script runs. */
export const CONTACT_FORM_ANCHOR = "contact-form";

/** The hidden field carrying the server's signed time of showing the form (script-less posts). */
export const FORM_TOKEN_FIELD = "formToken";

/** What became of a script-less submission, as the server renders it into the page. */
export type ContactFormOutcome =
  | { sent: true; message: string }
  | {
      sent: false;
      values: ContactValues;
      /** docs/product.md §5 messages per field. */
      errors: ContactErrors;
      /** A notice for the whole form: rate limit, bot check, expired form, unreadable request. */
      message?: string;
    };

/**
 * What the server gives the contact form of a page it renders (router context `contactForm`):
 * a signed time of showing for the time-to-submit check, the visit's attribution as hidden
 * fields, and the outcome of a script-less submission to this page. apps/server/src/web.ts
 * mirrors this shape.
 */
export type ContactFormServerState = {
  /** The page the state was rendered for; a form elsewhere ignores `outcome`. */
  path: string;
  token: string;
  attribution: Attribution;
  outcome?: ContactFormOutcome;
};
