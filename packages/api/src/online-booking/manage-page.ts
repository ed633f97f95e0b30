import { company } from "@crawlguard/content";
import type { BookingWindow, OnlineBookingView } from "@crawlguard/validators";
import { daysOf } from "./book-page.js";
import { document, esc, notice, phoneLink, serviceLabel, windowChoices, type Notice } from "./page-layout.js";

/*
 * /book/{token}: the homeowner's booking behind its manage link: when it is, and forms to move it
 * to another open window or cancel it (posted to /book/{token}/reschedule and /cancel). Never
 * indexed; apps/server answers it with Cache-Control: private, no-store.
 */

export interface ManagePageState {
  /** The open windows it may move to; undefined when none can be offered (switched off, outside the area). */
  windows?: readonly BookingWindow[];
  /** Why no windows are offered (switched off, outside the area). */
  windowsNote?: string;
  notice?: Notice;
  /** The window picked before a refused move. */
  checked?: string;
  error?: string;
}

const head = { title: `Your inspection | ${company.shortName}`, noindex: true };

export function renderManagePage({
  booking,
  token,
  zone,
  nonce,
  publicUrl,
  state = {},
}: {
  booking: OnlineBookingView;
  token: string;
  zone: string;
  nonce: string;
  publicUrl: string;
  state?: ManagePageState;
}): string {
  const base = `/book/${encodeURIComponent(token)}`;
  const parts = [`<h1>Your free inspection</h1>`, notice(state.notice)];
  const details = `<dl class="card"><dt>Name</dt><dd>${esc(booking.name)}</dd><dt>Service</dt><dd>${esc(serviceLabel(booking.service))}</dd>${
    booking.address ? `<dt>Address</dt><dd>${esc(booking.address)}</dd>` : ""
  }</dl>`;
  if (booking.status === "cancelled") {
    parts.push(
      `<p>This booking is cancelled. It was for <strong>${esc(booking.label)}</strong>.</p>`,
      details,
      `<p><a href="/book">Book another time</a> or call us at ${phoneLink()}.</p>`,
    );
    return document({ head, body: parts.join("\n"), nonce, publicUrl });
  }
  parts.push(`<p>You're booked for</p><p class="when">${esc(booking.label)}</p>`, details);

  parts.push(`<h2>Move it to another time</h2>`);
  if (state.windows && state.windows.length > 0) {
    parts.push(`<form method="post" action="${base}/reschedule">
${windowChoices({ days: daysOf(state.windows, zone), checked: state.checked, error: state.error, idPrefix: "m" })}
<button type="submit" class="primary">Move my booking</button>
</form>`);
  } else {
    parts.push(
      `<p>${esc(state.windowsNote ?? "There are no other open times in the coming days.")} Call us at ${phoneLink()} to change it.</p>`,
    );
  }

  parts.push(`<h2>Can't make it?</h2>
<form method="post" action="${base}/cancel">
<p>Cancelling frees the time for someone else. You can book again whenever you like.</p>
<button type="submit" class="secondary">Cancel my booking</button>
</form>`);
  return document({ head, body: parts.join("\n"), nonce, publicUrl });
}

/** A link that names no booking. */
export function renderBookingNotFound({ message, nonce, publicUrl }: { message: string; nonce: string; publicUrl: string }): string {
  const body = `<h1>Booking not found</h1><p>${esc(message)}</p><p><a href="/book">Book a free inspection</a> or call us at ${phoneLink()}.</p>`;
  return document({ head: { title: `Booking not found | ${company.shortName}`, noindex: true }, body, nonce, publicUrl });
}
