import { describe, expect, it } from "vitest";
import {
  bookingRequestSchema,
  calendarAppointmentRequestSchema,
  contactSchema,
  hasNoInvisibleFormatting,
  INVISIBLE_CHARACTERS_MESSAGE,
  invitationCreateSchema,
  leadCreateSchema,
  leadUpdateSchema,
  loginSchema,
  registerSchema,
  userProfileSchema,
} from "./index.js";

const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
const MARKS_AND_ZERO_WIDTH = ["\u200B", "\u200C", "\u200D", "\u200E", "\u200F", "\u2060", "\uFEFF", "\u061C"];

function messagesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("invisible formatting characters", () => {
  it("are found wherever they are, alone or among text", () => {
    for (const ch of [...BIDI, ...MARKS_AND_ZERO_WIDTH]) {
      for (const value of [ch, `a${ch}`, `${ch}b`, `Jo${ch}hn Smith`]) {
        expect(hasNoInvisibleFormatting(value), JSON.stringify(value)).toBe(false);
      }
    }
  });
  it("leave ordinary text of any script, accents and emoji alone", () => {
    for (const ok of ["José Ortiz", "مريم", "דוד כהן", "李雷", "(828) 555-0147", "+1 828 555 0147", "o'brien@example.com", "🙂", ""]) {
      expect(hasNoInvisibleFormatting(ok), ok).toBe(true);
    }
  });

  it("are refused in the contact form's name, email and phone with one clear message each", () => {
    const r = contactSchema.safeParse({
      name: "\u202Egnp.exe",
      email: "a\u200B@example.com",
      phone: "828\u2066555\u20690147",
      zipCode: "28801",
    });
    expect(messagesOf(r)).toEqual([
      `name: ${INVISIBLE_CHARACTERS_MESSAGE}`,
      `email: ${INVISIBLE_CHARACTERS_MESSAGE}`,
      `phone: ${INVISIBLE_CHARACTERS_MESSAGE}`,
    ]);
    // The other fields keep their own rules: a message may quote right-to-left text with marks.
    expect(contactSchema.safeParse({ name: "Sam", email: "s@example.com", zipCode: "28801", message: "see \u200Fشكرا" }).success).toBe(
      true,
    );
  });

  it("are refused in usernames and emails of accounts, sign-in and invitations", () => {
    expect(messagesOf(registerSchema.safeParse({ username: "ad\u202Emin", email: "x@example.com", password: "long enough" }))).toEqual([
      `username: ${INVISIBLE_CHARACTERS_MESSAGE}`,
    ]);
    expect(messagesOf(registerSchema.safeParse({ username: "admin", email: "\uFEFFx@example.com", password: "long enough" }))).toEqual([
      `email: ${INVISIBLE_CHARACTERS_MESSAGE}`,
    ]);
    expect(messagesOf(loginSchema.safeParse({ email: "x@exa\u200Dmple.com", password: "p" }))).toEqual([
      `email: ${INVISIBLE_CHARACTERS_MESSAGE}`,
    ]);
    expect(messagesOf(invitationCreateSchema.safeParse({ email: "x\u2060@example.com" }))).toEqual([
      `email: ${INVISIBLE_CHARACTERS_MESSAGE}`,
    ]);
  });

  it("are refused in display names, every one of them, before or after the trim", () => {
    for (const ch of [...BIDI, ...MARKS_AND_ZERO_WIDTH]) {
      for (const displayName of [`Sam${ch}`, `${ch}Sam Lee`, `Sam ${ch} Lee`, ch]) {
        expect(messagesOf(userProfileSchema.safeParse({ displayName })), JSON.stringify(displayName)).toEqual([
          `displayName: ${INVISIBLE_CHARACTERS_MESSAGE}`,
        ]);
      }
    }
    expect(userProfileSchema.parse({ displayName: " مريم لي " })).toEqual({ displayName: "مريم لي" });
  });

  it("are refused in leads' and bookings' names, emails and phones", () => {
    const lead = { name: "Lead", email: "l@example.com", zipCode: "28801", service: "crawl-space" };
    expect(messagesOf(leadCreateSchema.safeParse({ ...lead, name: "Le\u202Bad" }))).toEqual([`name: ${INVISIBLE_CHARACTERS_MESSAGE}`]);
    expect(messagesOf(leadCreateSchema.safeParse({ ...lead, phone: "555\u200E0147" }))).toEqual([`phone: ${INVISIBLE_CHARACTERS_MESSAGE}`]);
    expect(messagesOf(leadUpdateSchema.safeParse({ email: "\u202Dl@example.com" }))).toEqual([`email: ${INVISIBLE_CHARACTERS_MESSAGE}`]);
    const calendar = calendarAppointmentRequestSchema.safeParse({
      clientName: "Casey\u2067",
      email: "c@example.com",
      phone: "(828) 555-0147\u200B",
      address: "12 Main St",
      service: "crawl-space",
      appointmentDate: "2026-05-01",
      appointmentTime: "10:00",
    });
    expect(messagesOf(calendar)).toEqual([`clientName: ${INVISIBLE_CHARACTERS_MESSAGE}`, `phone: ${INVISIBLE_CHARACTERS_MESSAGE}`]);
    const booking = bookingRequestSchema.safeParse({
      clientName: "Casey",
      email: "c\u202C@example.com",
      phone: "(828) 555-0147",
      address: "12 Main St",
      service: "crawl-space",
      appointmentDate: "2026-05-01",
      appointmentTime: "10:00",
    });
    expect(messagesOf(booking)).toContain(`email: ${INVISIBLE_CHARACTERS_MESSAGE}`);
  });
});
