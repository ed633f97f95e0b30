import { z } from "zod";

/** The only place that reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./.data"),
  PUBLIC_URL: z.string().url().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim().replace(/\/$/, "")).filter(Boolean) : [])),
  TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REGISTRATION: z.enum(["open", "closed"]).default("open"),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  TURNSTILE_VERIFY_URL: z.string().url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  CONTACT_MIN_SUBMIT_MS: z.coerce.number().int().min(0).default(3000),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** The business's IANA time zone: every date and time a person sees or types, and every rule (ADR 009). */
  BUSINESS_TIME_ZONE: z
    .string()
    .default("America/New_York")
    .refine(isTimeZone, "BUSINESS_TIME_ZONE must be an IANA time zone name such as America/New_York"),
  /** Signs the time a contact form was shown (script-less posts); share it between instances. */
  CONTACT_FORM_SECRET: z.string().min(32, "CONTACT_FORM_SECRET must be at least 32 characters").optional(),
});

export type Env = z.infer<typeof envSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${detail}`);
  }
  return parsed.data;
}
