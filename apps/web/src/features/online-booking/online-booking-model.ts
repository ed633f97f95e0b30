import type { OnlineBookingSettings, OnlineBookingSettingsInput } from "@crawlguard/validators";

/*
 * The dashboard's Online booking card as a form: what it shows and edits (numbers and zip codes as
 * typed), what it saves, and where a refusal's messages go. The rules themselves are the server's
 * (PUT /api/online-booking answers 400 naming the field); this only shapes what is sent.
 */

export type WindowDraft = { key: number; dayOfWeek: string; start: string; end: string };

export type BookingDraft = {
  enabled: boolean;
  windows: WindowDraft[];
  noticeHours: string;
  horizonDays: string;
  bookableUserIds: string[];
  /** Zip codes as typed: separated by commas, spaces or new lines. */
  zipCodes: string;
};

let nextKey = 1;
const key = () => nextKey++;

export function toDraft(settings: OnlineBookingSettings): BookingDraft {
  return {
    enabled: settings.enabled,
    windows: settings.windows.map((w) => ({ key: key(), dayOfWeek: String(w.dayOfWeek), start: w.start, end: w.end })),
    noticeHours: String(settings.noticeHours),
    horizonDays: String(settings.horizonDays),
    bookableUserIds: [...settings.bookableUserIds],
    zipCodes: settings.serviceZipCodes.join(", "),
  };
}

/** A new window: the day and times of the last one, two hours later, or Monday 9–11. */
export function newWindow(windows: readonly WindowDraft[]): WindowDraft {
  const last = windows.at(-1);
  return { key: key(), dayOfWeek: last?.dayOfWeek ?? "1", start: "09:00", end: "11:00" };
}

export function parseZipCodes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((zip) => zip.trim())
    .filter(Boolean);
}

/** A whole number as typed, or NaN (the server then names the field). */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** What PUT /api/online-booking takes. */
export function toInput(draft: BookingDraft): OnlineBookingSettingsInput {
  return {
    enabled: draft.enabled,
    windows: draft.windows.map((w) => ({ dayOfWeek: Number(w.dayOfWeek), start: w.start, end: w.end })),
    noticeHours: whole(draft.noticeHours),
    horizonDays: whole(draft.horizonDays),
    bookableUserIds: draft.bookableUserIds,
    serviceZipCodes: parseZipCodes(draft.zipCodes),
  };
}

export type DraftErrors = {
  /** Per window (by its key): the first message about it. */
  windows: Record<number, string>;
  noticeHours?: string;
  horizonDays?: string;
  bookableUserIds?: string;
  zipCodes?: string;
  /** Anything else the server said. */
  other?: string;
};

/** Where each of a refusal's messages goes: `windows.3.end` under the fourth window, and so on. */
export function draftErrors(draft: BookingDraft, issues: readonly { path: string; message: string }[]): DraftErrors {
  const errors: DraftErrors = { windows: {} };
  const other: string[] = [];
  for (const { path, message } of issues) {
    const [field, index] = path.split(".");
    if (field === "windows" && index !== undefined) {
      const window = draft.windows[Number(index)];
      if (window) errors.windows[window.key] ??= message;
      else other.push(message);
    } else if (field === "noticeHours" || field === "horizonDays" || field === "bookableUserIds") errors[field] ??= message;
    else if (field === "serviceZipCodes")
      errors.zipCodes ??= index === undefined ? message : `${parseZipCodes(draft.zipCodes)[Number(index)]}: ${message}`;
    else other.push(path ? `${path}: ${message}` : message);
  }
  if (other.length) errors.other = other.join(" ");
  return errors;
}
