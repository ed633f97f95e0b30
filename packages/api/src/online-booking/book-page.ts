import { bookingPageSeo, company } from "@crawlguard/content";
import type { BookingWindow, OnlineBookingResult } from "@crawlguard/validators";
import { BOOKABLE_SERVICES } from "./booking.js";
import { byDay, document, esc, notice, phoneLink, windowChoices, type Notice } from "./page-layout.js";
import { dayHeading, windowDate } from "./windows.js";

/*
 * /book: the homeowner's booking page (docs/product.md "Online booking"). First the zip code (a GET
 * form, so /book?zipCode=28801 is a link too), then the free windows as radio buttons grouped by day
 * and the fields Name, Email, Phone, Address, Zip code and Service, posted back to /book. Switched
 * off, it says so and gives the phone. apps/server's booking-routes.ts answers the requests.
 */

/** The booking form's fields, in the order shown. */
export const BOOKING_FORM_FIELDS = ["name", "email", "phone", "address", "zipCode", "service", "message"] as const;
export type BookingFormField = (typeof BOOKING_FORM_FIELDS)[number];
export type BookingFormValues = Partial<Record<BookingFormField | "windowStart", string>>;

/** The bot trap's name on the page: bots fill in a field called website (the contact form's). */
export const BOT_TRAP_FIELD = "website";
/** The signed time the form was shown (apps/server form-tokens.ts). */
export const FORM_TOKEN_FIELD = "formToken";

export const BOOK_HEADING = "Book your free inspection";
export const OFF_TEXT = "Online booking isn't available right now. Call us and we'll find a time for your free inspection:";

export interface BookPageState {
  /** Whether online booking is on. */
  enabled: boolean;
  /** The zip code asked about (as typed). */
  zipCode?: string;
  /** The free windows for it; undefined before a zip code is given or when it cannot be served. */
  windows?: readonly BookingWindow[];
  /** What was typed, kept after a refused post. */
  values?: BookingFormValues;
  errors?: Partial<Record<BookingFormField | "windowStart", string>>;
  notice?: Notice;
  /** The form's signed time of showing. */
  formToken: string;
}

const LABELS: Record<BookingFormField, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  address: "Address",
  zipCode: "Zip code",
  service: "Service",
  message: "Anything we should know? (optional)",
};

const INPUTS: Partial<Record<BookingFormField, string>> = {
  name: `type="text" autocomplete="name" required maxlength="100"`,
  email: `type="email" autocomplete="email" required maxlength="254"`,
  phone: `type="tel" autocomplete="tel" required maxlength="30"`,
  address: `type="text" autocomplete="street-address" required maxlength="200"`,
  zipCode: `type="text" autocomplete="postal-code" inputmode="numeric" required pattern="[0-9]{5}" maxlength="5"`,
};

function field(name: BookingFormField, values: BookingFormValues, errors: BookPageState["errors"] = {}): string {
  const id = `f-${name}`;
  const error = errors[name];
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : "";
  const value = values[name] ?? "";
  let control: string;
  if (name === "service") {
    const options = BOOKABLE_SERVICES.map(
      (o) => `<option value="${esc(o.value)}"${o.value === value ? " selected" : ""}>${esc(o.label)}</option>`,
    ).join("");
    control = `<select id="${id}" name="service" required${described}><option value="">Choose a service</option>${options}</select>`;
  } else if (name === "message") {
    control = `<textarea id="${id}" name="message" maxlength="2000"${described}>${esc(value)}</textarea>`;
  } else {
    control = `<input id="${id}" name="${name}" ${INPUTS[name]} value="${esc(value)}"${described}>`;
  }
  return `<label class="field" for="${id}">${LABELS[name]}</label>${control}${error ? `<p class="error" id="${id}-error">${esc(error)}</p>` : ""}`;
}

/** The business zone as people say it: 'Eastern Time' (the zone's id when Intl has no name for it). */
export function zoneName(zone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(new Date());
  return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
}

/** Windows with the business date and day heading each belongs under. */
export function daysOf(windows: readonly BookingWindow[], zone: string) {
  return byDay(
    windows.map((w) => {
      const interval = { start: new Date(w.start), end: new Date(w.end) };
      const date = windowDate(interval, zone);
      return { ...w, date, heading: dayHeading(date) };
    }),
  );
}

function zipForm(zipCode: string | undefined, error: string | undefined): string {
  const described = error ? ` aria-invalid="true" aria-describedby="zip-error"` : "";
  return `<form method="get" action="/book" class="card">
<label class="field" for="zip">Zip code</label>
<input id="zip" name="zipCode" type="text" autocomplete="postal-code" inputmode="numeric" required pattern="[0-9]{5}" maxlength="5" value="${esc(
    zipCode ?? "",
  )}"${described}>${error ? `<p class="error" id="zip-error">${esc(error)}</p>` : ""}
<button type="submit" class="primary">Show open times</button>
</form>`;
}

/** The page for every state of /book. */
export function renderBookPage({
  state,
  zone,
  nonce,
  publicUrl,
}: {
  state: BookPageState;
  zone: string;
  nonce: string;
  publicUrl: string;
}): string {
  const head = { title: bookingPageSeo.title, description: bookingPageSeo.description, canonicalPath: bookingPageSeo.path };
  const parts = [`<h1>${BOOK_HEADING}</h1>`];
  if (!state.enabled) {
    parts.push(`<p>${esc(OFF_TEXT)} ${phoneLink()}.</p>`, `<p class="muted">${esc(company.hours.weekdays)}</p>`);
    return document({ head, body: parts.join("\n"), nonce, publicUrl });
  }
  parts.push(
    `<p>Pick an arrival window and we'll come to look at your crawl space or basement, free. Times are ${esc(
      zoneName(zone),
    )}. Prefer to talk? Call ${phoneLink()}.</p>`,
  );
  parts.push(notice(state.notice));
  if (!state.windows) {
    parts.push(`<h2>Where is the property?</h2>`, zipForm(state.zipCode, state.errors?.zipCode));
    return document({ head, body: parts.join("\n"), nonce, publicUrl });
  }
  parts.push(`<p>Open times for <strong>${esc(state.zipCode ?? "")}</strong> · <a href="/book">Change zip code</a></p>`);
  if (state.windows.length === 0) {
    parts.push(`<p class="card">There are no open times in the coming days. Please call us at ${phoneLink()} and we'll find one.</p>`);
    return document({ head, body: parts.join("\n"), nonce, publicUrl });
  }
  const values: BookingFormValues = { zipCode: state.zipCode, ...state.values };
  const trap = `<div class="trap" aria-hidden="true"><label for="f-${BOT_TRAP_FIELD}">Website</label><input id="f-${BOT_TRAP_FIELD}" name="${BOT_TRAP_FIELD}" type="text" tabindex="-1" autocomplete="off" value=""></div>`;
  parts.push(`<form method="post" action="/book">
<h2>Choose an arrival window</h2>
${windowChoices({ days: daysOf(state.windows, zone), checked: values.windowStart, error: state.errors?.windowStart })}
<h2>Your details</h2>
<div class="card">${BOOKING_FORM_FIELDS.map((name) => field(name, values, state.errors)).join("\n")}</div>
${trap}
<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${esc(state.formToken)}">
<button type="submit" class="primary">Book my free inspection</button>
</form>`);
  return document({ head, body: parts.join("\n"), nonce, publicUrl });
}

/** After booking: "You're booked" with the window, and the link to see, move or cancel it. */
export function renderBookedPage({ result, nonce, publicUrl }: { result: OnlineBookingResult; nonce: string; publicUrl: string }): string {
  const body = `<h1>You're booked</h1>
<div class="notice done" role="status"><p class="when">${esc(result.label)}</p>
<p>That's the window our crew will arrive in. We've e-mailed your confirmation with a calendar file.</p></div>
<p><a href="${esc(result.manageUrl)}">See, move or cancel your booking</a></p>
<p class="muted">Questions? Call us at ${phoneLink()}.</p>`;
  return document({ head: { title: `You're booked | ${company.shortName}`, noindex: true }, body, nonce, publicUrl });
}
