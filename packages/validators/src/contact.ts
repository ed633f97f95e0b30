import { z } from "zod";

const optionalText = (max: number) => z.string().trim().max(max).optional().or(z.literal(""));

/** The contact form (SPEC section 5), shared by the form and POST /api/contact. */
export const contactSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters").max(100),
  email: z.string().trim().email("Please enter a valid email address").max(254),
  phone: optionalText(30),
  address: optionalText(200),
  zipCode: z.string().trim().min(5, "Zip code must be at least 5 characters").max(10),
  service: optionalText(60),
  message: optionalText(5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Where a visitor came from, captured by the page and sent with the form. */
export const attributionSchema = z.object({
  utmSource: z.string().max(200).optional(),
  utmMedium: z.string().max(200).optional(),
  utmCampaign: z.string().max(200).optional(),
  utmTerm: z.string().max(200).optional(),
  utmContent: z.string().max(200).optional(),
  referrer: z.string().max(2000).optional(),
  landingPage: z.string().max(2000).optional(),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** The request body: the form, attribution, and spam signals (honeypot, time to submit, Turnstile). */
export const contactRequestSchema = contactSchema.extend({
  ...attributionSchema.shape,
  /** Honeypot: a field hidden from people; bots fill it in. */
  website: z.string().max(500).optional(),
  /** Milliseconds between the form being shown and submitted. */
  elapsedMs: z.number().int().min(0).optional(),
  turnstileToken: z.string().max(4096).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ success: z.boolean(), message: z.string() });
