// Loaded on the first interaction with a contact form (or its submit): zod,
// the shared schema and the tRPC client stay out of the page's initial JS.
import { contactSchema, type ContactRequest } from "@crawlguard/validators";
import { TRPCClientError } from "@trpc/client";
import { readAttribution, sessionStore } from "../../lib/attribution";
import { fieldErrors } from "../../lib/form-errors";
import { publicTrpc } from "../../lib/public-trpc";
import { CONTACT_FAILED_MESSAGE, type ContactErrors, type ContactField, type ContactValues } from "./contact-fields";

/** The messages of docs/product.md "Validation rules" per field, `{}` when the form is valid. */
export function validateContact(values: ContactValues): ContactErrors {
  return fieldErrors<ContactField>(contactSchema.safeParse(values));
}

export type SendResult = { ok: boolean; message: string };

/** The message the server put in a failed answer, if it sent one. */
function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const shape: unknown = error.shape;
  const message = typeof shape === "object" && shape !== null ? (shape as { message?: unknown }).message : undefined;
  return typeof message === "string" && message.trim() !== "" ? message : undefined;
}

/** What the form adds to its values: the honeypot, time to submit and the Turnstile token. */
export type SpamSignals = Pick<ContactRequest, "botTrap" | "elapsedMs" | "turnstileToken">;

/**
 * POST /trpc/contact.submit with the visit's attribution. Never throws:
 * failures come back as `ok: false` with the text to show.
 */
export async function sendContact(values: ContactValues, signals: SpamSignals): Promise<SendResult> {
  const request: ContactRequest = { ...values, ...readAttribution(sessionStore()), ...signals };
  try {
    const answer = await publicTrpc.contact.submit.mutate(request);
    return { ok: answer.success, message: answer.message || CONTACT_FAILED_MESSAGE };
  } catch (error) {
    return { ok: false, message: serverMessage(error) ?? CONTACT_FAILED_MESSAGE };
  }
}
