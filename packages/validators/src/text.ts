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

/** The instants the product accepts: from 2000 to the end of 2099 (PostgreSQL and people agree on these). */
export const INSTANT_MIN = Date.UTC(2000, 0, 1);
export const INSTANT_MAX = Date.UTC(2100, 0, 1);
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
