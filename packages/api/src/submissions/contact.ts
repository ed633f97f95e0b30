import { createHash, randomUUID } from "node:crypto";
import { transaction, type Sql } from "@crawlguard/db";
import { company } from "@crawlguard/content";
import { blankToNull, API_KEY_CONTACT_LIMIT, API_KEY_CONTACT_WINDOW_SECONDS, type ContactRequest } from "@crawlguard/validators";
import type { ApiKeyIdentity } from "../api-keys/api-keys.js";
import type { ApiConfig } from "../context.js";
import type { Logger } from "../logger.js";
import { clientKey } from "../client-key.js";
import { rateLimited } from "../errors.js";
import { NO_EVENTS, type EventSink } from "../domain-events.js";
import { takeHit } from "../rate-limit.js";
import { verifyTurnstile } from "./turnstile.js";

export const CONTACT_SUCCESS_MESSAGE = "Thank you! We received your request and will contact you within 24 hours.";

export const CONTACT_RATE_WINDOW_MS = 10 * 60 * 1000;
/** The same submission again within this window is answered but not stored twice. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export interface SubmitContext {
  sql: Sql;
  config: ApiConfig;
  ip: string;
  log: Logger;
  /** contact.received, in the submission's transaction (only for one stored: never for spam or a repeat). */
  events?: EventSink;
  /** A read-write API key (ADR 029): a trusted lead source. */
  apiKey?: ApiKeyIdentity | null;
}

export type SubmitOutcome = "stored" | "duplicate" | "honeypot" | "too-fast";

export interface SubmitResult {
  outcome: SubmitOutcome;
  /**
   * The stored submission's id; for a repeat, the first one's. A submission dropped as spam gets a
   * fresh id that names no row, so its answer looks like any first submission's.
   */
  id: string;
}

/**
 * The public contact form. Spam signals (honeypot, submitted faster than a person could) get the
 * same friendly answer as a real submission but store nothing, so a bot learns nothing. Real
 * submissions are rate-limited per client address (`clientKey`), bot-verified when Turnstile is configured, and stored once
 * even when the visitor double-clicks.
 */
export async function submitContact(ctx: SubmitContext, input: ContactRequest): Promise<SubmitResult> {
  if (ctx.apiKey) return submitWithKey(ctx, ctx.apiKey, input);
  const dropped = spamSignal(input, ctx.config.contactMinElapsedMs);
  if (dropped) {
    ctx.log.info({ reason: dropped, elapsedMs: input.elapsedMs }, "contact submission dropped");
    return { outcome: dropped, id: randomUUID() };
  }
  const hit = await takeHit(ctx.sql, "contact-ip", clientKey(ctx.ip), CONTACT_RATE_WINDOW_MS, ctx.config.contactRateLimit);
  if (!hit.allowed) {
    ctx.log.warn({ ip: ctx.ip }, "contact submission rate-limited");
    throw rateLimited(
      `We have received several requests from your network in the last few minutes. Please try again later or call us at ${company.phone.display}.`,
      {
        retryAfterSeconds: hit.retryAfterSeconds,
        policy: "contact-address",
        quota: ctx.config.contactRateLimit,
        windowSeconds: CONTACT_RATE_WINDOW_MS / 1000,
      },
    );
  }
  if (ctx.config.turnstileSecretKey) {
    await verifyTurnstile({
      secret: ctx.config.turnstileSecretKey,
      token: input.turnstileToken,
      ip: ctx.ip,
      verifyUrl: ctx.config.turnstileVerifyUrl,
      log: ctx.log,
    });
  }
  const result = await storeOnce(ctx.sql, input, ctx.events ?? NO_EVENTS);
  if (result.outcome === "duplicate") ctx.log.info({}, "contact submission repeated within the duplicate window: stored once");
  return result;
}

/**
 * POST /api/contact with a read-write API key (ADR 029): an integration forwarding web leads. No
 * bot checks and no per-address limit; the key's own limit instead, and the key's name stored as
 * the submission's source.
 */
async function submitWithKey(ctx: SubmitContext, apiKey: ApiKeyIdentity, input: ContactRequest): Promise<SubmitResult> {
  const windowMs = API_KEY_CONTACT_WINDOW_SECONDS * 1000;
  const hit = await takeHit(ctx.sql, "contact-key", apiKey.id, windowMs, API_KEY_CONTACT_LIMIT);
  if (!hit.allowed) {
    throw rateLimited(`This API key has sent ${API_KEY_CONTACT_LIMIT} contact submissions in the last hour. Retry later.`, {
      retryAfterSeconds: hit.retryAfterSeconds,
      policy: "contact-key",
      quota: API_KEY_CONTACT_LIMIT,
      windowSeconds: API_KEY_CONTACT_WINDOW_SECONDS,
    });
  }
  const result = await storeOnce(ctx.sql, input, ctx.events ?? NO_EVENTS, apiKey.name);
  ctx.log.info({ apiKeyId: apiKey.id, stored: result.outcome === "stored" }, "contact submission from an API key");
  return result;
}

function spamSignal(input: ContactRequest, minElapsedMs: number): "honeypot" | "too-fast" | null {
  if (input.botTrap?.trim()) return "honeypot";
  if (input.elapsedMs !== undefined && input.elapsedMs < minElapsedMs) return "too-fast";
  return null;
}

const collapse = (s: string | undefined) => (s ?? "").trim().replace(/\s+/g, " ").toLowerCase();

/** What makes two submissions "the same": case, spacing and phone punctuation do not count. */
export function submissionFingerprint(input: ContactRequest): string {
  const parts = [
    collapse(input.email),
    collapse(input.name),
    collapse(input.zipCode).replace(/\s/g, ""),
    (input.phone ?? "").replace(/\D/g, ""),
    collapse(input.service),
    collapse(input.message),
  ];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/**
 * Inserts the submission unless the same one arrived within the duplicate window. The advisory
 * lock on the fingerprint serialises concurrent identical requests (a double-click), so the second
 * one sees the first one's row. A duplicate answers the row it repeats.
 */
async function storeOnce(
  sql: Sql,
  input: ContactRequest,
  events: EventSink,
  source: string | null = null,
): Promise<{ outcome: "stored" | "duplicate"; id: string }> {
  const fingerprint = submissionFingerprint(input);
  const since = new Date(Date.now() - DUPLICATE_WINDOW_MS);
  return transaction(sql, async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${fingerprint}))`;
    const [existing] = await tx<{ id: string }[]>`
      SELECT id FROM contact_submissions WHERE fingerprint = ${fingerprint} AND created_at > ${since}
      ORDER BY created_at DESC LIMIT 1`;
    if (existing) return { outcome: "duplicate" as const, id: existing.id };
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO contact_submissions (name, email, phone, address, zip_code, service, message,
        utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_page, fingerprint, source)
      VALUES (${input.name.trim()}, ${input.email.trim()}, ${blankToNull(input.phone)}, ${blankToNull(input.address)},
        ${input.zipCode.trim()}, ${blankToNull(input.service)}, ${blankToNull(input.message)},
        ${blankToNull(input.utmSource)}, ${blankToNull(input.utmMedium)}, ${blankToNull(input.utmCampaign)}, ${blankToNull(input.utmTerm)},
        ${blankToNull(input.utmContent)}, ${blankToNull(input.referrer)}, ${blankToNull(input.landingPage)}, ${fingerprint}, ${source})
      RETURNING id`;
    await events.emit(tx, { type: "contact.received", submissionId: row!.id });
    return { outcome: "stored" as const, id: row!.id };
  });
}
