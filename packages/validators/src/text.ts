import { z } from "zod";

/**
 * Control characters other than tab, newline and carriage return (C0, DEL, C1), and lone UTF-16
 * surrogates. PostgreSQL refuses NUL outright, and the others are never typed by a person: they
 * come from broken clients or probes. In `u` mode a paired surrogate is one code point and does
 * not match `\p{Cs}`; a lone one does.
 */
const DISALLOWED = /\p{Cs}|(?![\t\n\r])\p{Cc}/u;

export const DISALLOWED_CHARACTERS_MESSAGE = "Contains characters that are not allowed (control characters or broken Unicode)";

/** True when `value` has no disallowed character (see `text`). */
export function isCleanText(value: string): boolean {
  return !DISALLOWED.test(value);
}

/**
 * Every text input starts here: a string without control characters or lone surrogates. The
 * 400 names the field ("name: Contains characters…") like any other validation failure.
 */
export function text() {
  return z.string().refine(isCleanText, DISALLOWED_CHARACTERS_MESSAGE);
}

/**
 * Characters that change how the text around them is shown without being visible themselves:
 * the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the
 * direction marks (U+200E, U+200F, U+061C) and the zero-width characters (U+200B–U+200D, U+2060,
 * U+FEFF). In a name, email or phone they only serve to disguise: "\u202Egnp.exe" shows as
 * "exe.png", a zero-width space makes two look-alike addresses differ.
 */
const INVISIBLE_FORMATTING = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

export const INVISIBLE_CHARACTERS_MESSAGE =
  "Contains invisible characters that are not allowed here (text direction controls or zero-width characters)";

/** True when `value` has no bidirectional control, direction mark or zero-width character. */
export function hasNoInvisibleFormatting(value: string): boolean {
  return !INVISIBLE_FORMATTING.test(value);
}

/**
 * Names, emails and phone numbers: `text()` without invisible formatting characters either (see
 * INVISIBLE_FORMATTING). Checked first and alone (the field's other rules would only add a
 * confusing "valid email" or length message).
 */
export function identityText() {
  return text().refine(hasNoInvisibleFormatting, { message: INVISIBLE_CHARACTERS_MESSAGE, abort: true });
}

/**
 * Optional text as it is stored: trimmed, and null when blank, so "no phone" has one
 * representation (NULL), never also "" or "   ". Server and client both use it.
 */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The instants the product accepts: from 2000 to the end of 2099 (PostgreSQL and people agree on these). */
const INSTANT_MIN = Date.UTC(2000, 0, 1);
const INSTANT_MAX = Date.UTC(2100, 0, 1);
export const INSTANT_RANGE_MESSAGE = "Must be a date between 2000 and 2099";

/** An ISO 8601 date-time with an offset (`2026-05-01T14:00:00Z`, `…-04:00`), within the sane range. */
export function isoInstant() {
  return z
    .string()
    .datetime({ offset: true, message: "Must be an ISO 8601 date and time, e.g. 2026-05-01T14:00:00Z" })
    .refine((value) => {
      const time = Date.parse(value);
      return time >= INSTANT_MIN && time < INSTANT_MAX;
    }, INSTANT_RANGE_MESSAGE);
}
