import type { ContactValues } from "@crawlguard/validators";

/** The contact form's fields (docs/product.md "Entities and their fields", contact submission payload), the script-less outcome and the server's state. */
export type { ContactFormOutcome, ContactFormServerState, ContactValues } from "@crawlguard/validators";

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
