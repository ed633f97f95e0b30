/** The contact form's fields (SPEC section 3, contact submission payload). */
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
