import { company } from "@crawlguard/content";
import type { Logger } from "../logger.js";
import { DomainError } from "../errors.js";

export const DEFAULT_TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
const VERIFY_TIMEOUT_MS = 5000;

export const BOT_VERIFICATION_FAILED = "Bot verification failed. Please try again.";

interface SiteverifyAnswer {
  success?: unknown;
  "error-codes"?: unknown;
}

/**
 * Checks a Cloudflare Turnstile token with the siteverify endpoint (form-encoded secret, response,
 * remoteip). A missing or rejected token is a 400; a verifier we cannot reach is a 503, so a
 * visitor is not told their request was refused when it was never judged.
 */
export async function verifyTurnstile(opts: {
  secret: string;
  token: string | undefined;
  ip: string;
  verifyUrl?: string | undefined;
  log: Logger;
}): Promise<void> {
  if (!opts.token) throw new DomainError("bad-input", BOT_VERIFICATION_FAILED);
  let answer: SiteverifyAnswer;
  try {
    const res = await fetch(opts.verifyUrl ?? DEFAULT_TURNSTILE_VERIFY_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: opts.secret, response: opts.token, remoteip: opts.ip }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    answer = (await res.json()) as SiteverifyAnswer;
  } catch (err) {
    opts.log.error({ err }, "turnstile: verification unavailable");
    throw new DomainError(
      "unavailable",
      `We could not verify your request right now. Please try again in a few minutes or call us at ${company.phone.display}.`,
    );
  }
  if (answer.success !== true) {
    opts.log.info({ errorCodes: answer["error-codes"] }, "turnstile: token rejected");
    throw new DomainError("bad-input", BOT_VERIFICATION_FAILED);
  }
}
