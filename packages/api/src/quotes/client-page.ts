import { company } from "@crawlguard/content";
import {
  DEPOSIT_PERCENT_DECIMALS,
  formatCents,
  formatPercent,
  formatQuantity,
  quoteTotals,
  scaled,
  TAX_RATE_DECIMALS,
  type ClientQuote,
} from "@crawlguard/validators";
import { formatCalendarDate, formatInstant, formatInstantDate } from "./pdf.js";
import { QUOTE_PAGE_PREFIX } from "./links.js";

/*
 * The homeowner's page of a quote (/quote/{token}), rendered on the server as plain HTML: phone
 * first, readable and usable without JavaScript (its forms post to the page itself, apps/server
 * quote-routes.ts), noindex. The optional add-ons are checkboxes labelled with their line's
 * description; without script "Recalculate" shows the total with those ticked, with script a
 * small inline script (allowed by the response's CSP nonce) updates the total as they change,
 * by the same rules as the server (@crawlguard/validators quote-totals.ts).
 */

/** What the page's forms say back after a post. */
export interface QuotePageState {
  /** The add-ons ticked (a recalculation, or an approval that was refused). */
  checked?: readonly string[];
  signedName?: string;
  message?: string;
  errors?: { signedName?: string; message?: string; addOns?: string };
  /** A sentence at the top: why a post was refused, or that changes were asked for. */
  notice?: { kind: "error" | "info"; text: string };
}

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1a202c;background:#f4f6f8}
a{color:#1a4f8b}
header,footer{background:#fff;padding:.75rem 1rem;border-bottom:1px solid #d9dee5}
footer{border-top:1px solid #d9dee5;border-bottom:0;font-size:.875rem;color:#4a5568;margin-top:2rem}
header p{margin:0;font-weight:700}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #d9dee5;border-radius:.5rem;padding:1rem;margin:1rem 0}
.muted{color:#4a5568}
.lines{list-style:none;margin:0;padding:0}
.lines li,.addon{display:flex;flex-wrap:wrap;gap:.25rem .75rem;padding:.625rem 0;border-bottom:1px solid #e2e8f0}
.desc{flex:1 1 14rem;font-weight:600}
.addon label{flex:1 1 12rem;font-weight:600}
.detail{flex:1 1 100%;color:#4a5568;font-size:.875rem}
.amt{margin-left:auto;font-variant-numeric:tabular-nums;font-weight:600}
.addon input{width:1.5rem;height:1.5rem;margin:0}
fieldset{border:1px solid #d9dee5;border-radius:.5rem;padding:.5rem 1rem 1rem;margin:1rem 0}
legend{font-weight:700;padding:0 .25rem}
dl{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;margin:0}
dt{color:#2d3748}
dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.total{font-weight:700;font-size:1.125rem}
label.field{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=text],textarea{width:100%;font:inherit;font-size:1rem;padding:.625rem;border:1px solid #718096;border-radius:.375rem;background:#fff;color:inherit}
textarea{min-height:6rem}
button{font:inherit;font-weight:700;min-height:2.75rem;padding:.625rem 1.25rem;border-radius:.375rem;border:1px solid #1a4f8b;cursor:pointer;margin-top:.75rem}
.primary{background:#1a4f8b;color:#fff;width:100%}
.secondary{background:#fff;color:#1a4f8b}
.error{color:#b42318;font-weight:600;margin:.25rem 0 0}
.notice{padding:.75rem 1rem;border-radius:.5rem;margin:1rem 0;border:1px solid}
.notice.error{background:#fef3f2;border-color:#b42318}
.notice.info{background:#eef4fb;border-color:#1a4f8b;color:#1a202c;font-weight:400}
.approved{border-color:#2f7a3e;background:#f0f9f1}
:focus-visible{outline:3px solid #1a4f8b;outline-offset:2px}
@media (min-width:40rem){.primary{width:auto}}
`;

/** The live total: the page's own numbers, the same rules, whole cents in BigInt (half up). */
const SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById("quote-data").textContent);
  var form = document.getElementById("approve-form");
  if (!form) return;
  var recalc = form.querySelector("button[value=recalculate]");
  if (recalc) recalc.hidden = true;
  function half(n, d) { return (2n * n + d) / (2n * d); }
  function money(c) { var n = Number(c); return "$" + Math.floor(n / 100).toLocaleString("en-US") + "." + String(n % 100).padStart(2, "0"); }
  function show(id, cents) { var el = document.getElementById(id); if (el) el.textContent = money(cents); }
  function update() {
    var sub = BigInt(data.baseSubtotal);
    form.querySelectorAll("input[name=addOn]").forEach(function (box) { if (box.checked) sub += BigInt(box.getAttribute("data-cents")); });
    var discount = BigInt(data.discount) < sub ? BigInt(data.discount) : sub;
    var tax = half((sub - discount) * BigInt(data.taxScaled), BigInt(data.taxDivisor));
    var total = sub - discount + tax;
    var deposit = 0n;
    if (data.depositFixed !== null) deposit = BigInt(data.depositFixed) < total ? BigInt(data.depositFixed) : total;
    else if (data.depositScaled !== null) deposit = half(total * BigInt(data.depositScaled), BigInt(data.depositDivisor));
    show("q-subtotal", sub); show("q-tax", tax); show("q-total", total); show("q-deposit", deposit);
  }
  form.addEventListener("change", update);
  update();
})();
`;

/** The numbers the live total starts from (what the script reads). */
function scriptData(quote: ClientQuote) {
  const base = quoteTotals({ lines: quote.lines, discountCents: 0, taxRatePercent: 0, deposit: null });
  return {
    baseSubtotal: base.subtotalCents,
    discount: quote.discountCents,
    taxScaled: scaled(quote.taxRatePercent, TAX_RATE_DECIMALS).toString(),
    taxDivisor: (100n * 10n ** BigInt(TAX_RATE_DECIMALS)).toString(),
    depositFixed: quote.depositPercent === null && quote.depositCents > 0 ? fixedDeposit(quote) : null,
    depositScaled: quote.depositPercent === null ? null : scaled(quote.depositPercent, DEPOSIT_PERCENT_DECIMALS).toString(),
    depositDivisor: (100n * 10n ** BigInt(DEPOSIT_PERCENT_DECIMALS)).toString(),
  };
}

/**
 * A fixed deposit's amount: the client view answers the deposit on the quote's total, which a fixed
 * amount never exceeds; it is the amount itself unless the total was smaller.
 */
const fixedDeposit = (quote: ClientQuote) => quote.depositCents;

const isOpen = (quote: ClientQuote) => quote.status === "sent" || quote.status === "changes_requested";

function lineItem(line: ClientQuote["lines"][number]): string {
  return `<li><span class="desc">${esc(line.description)}</span><span class="amt">${formatCents(line.totalCents)}</span><span class="detail">${esc(
    formatQuantity(line.quantity),
  )} ${esc(line.unit)} × ${formatCents(line.unitPriceCents)}</span></li>`;
}

function addOnItem(line: ClientQuote["lines"][number], checked: boolean, disabled: boolean): string {
  const id = `addon-${line.id}`;
  return `<div class="addon"><input type="checkbox" id="${id}" name="addOn" value="${esc(line.id)}" data-cents="${line.totalCents}"${
    checked ? " checked" : ""
  }${disabled ? " disabled" : ""} aria-describedby="${id}-price"><label for="${id}">${esc(line.description)}</label><span class="amt" id="${id}-price">+${formatCents(
    line.totalCents,
  )}</span><span class="detail">${esc(formatQuantity(line.quantity))} ${esc(line.unit)} × ${formatCents(line.unitPriceCents)}</span></div>`;
}

function totalsList(
  quote: ClientQuote,
  totals: { subtotalCents: number; taxCents: number; totalCents: number; depositCents: number },
  live: boolean,
) {
  const id = (name: string) => (live ? ` id="q-${name}"` : "");
  const share = quote.depositPercent === null ? "" : ` (${formatPercent(quote.depositPercent)})`;
  return `<dl${live ? ' aria-live="polite"' : ""}>
<dt>Subtotal</dt><dd${id("subtotal")}>${formatCents(totals.subtotalCents)}</dd>
${quote.discountCents > 0 ? `<dt>Discount</dt><dd>-${formatCents(quote.discountCents)}</dd>` : ""}
<dt>Tax (${formatPercent(quote.taxRatePercent)})</dt><dd${id("tax")}>${formatCents(totals.taxCents)}</dd>
<dt class="total">Total</dt><dd class="total"${id("total")}>${formatCents(totals.totalCents)}</dd>
${quote.depositCents > 0 || quote.depositPercent ? `<dt>Deposit due on approval${share}</dt><dd${id("deposit")}>${formatCents(totals.depositCents)}</dd>` : ""}
</dl>`;
}

const STATUS_NOTES: Partial<Record<ClientQuote["status"], string>> = {
  replaced: "This quote was replaced by a newer version and can no longer be approved.",
  expired: "This quote has expired and can no longer be approved. Please call us for an updated quote.",
  declined: "This quote was declined. Please call us if you would like a new one.",
};

/** The whole page. `nonce` is the response's CSP nonce (the style and script elements carry it). */
export function renderQuotePage({
  quote,
  token,
  nonce,
  timeZone,
  state = {},
}: {
  quote: ClientQuote;
  token: string;
  nonce: string;
  timeZone: string;
  state?: QuotePageState;
}): string {
  const action = `${QUOTE_PAGE_PREFIX}${token}`;
  const open = isOpen(quote);
  const checked = new Set(state.checked ?? quote.approval?.acceptedOptionalLineIds ?? []);
  const addOns = quote.lines.filter((l) => l.optional);
  const included = quote.lines.filter((l) => !l.optional);
  const shownTotals = quoteTotals({
    lines: quote.lines,
    discountCents: quote.discountCents,
    taxRatePercent: quote.taxRatePercent,
    deposit:
      quote.depositPercent !== null ? { percent: quote.depositPercent } : quote.depositCents > 0 ? { cents: fixedDeposit(quote) } : null,
    acceptedOptionalLineIds: checked,
  });
  const title = `Quote ${quote.number}${quote.revision > 1 ? ` (revision ${quote.revision})` : ""}`;
  const parts: string[] = [];

  parts.push(`<h1>${esc(title)}</h1>
<p class="muted">For ${esc(quote.clientName)}${quote.serviceAddress ? ` · ${esc(quote.serviceAddress)}` : ""}<br>
Sent ${esc(formatInstantDate(quote.sentAt, timeZone))} · Valid until ${esc(formatCalendarDate(quote.validUntil))}</p>`);
  if (state.notice)
    parts.push(
      `<p class="notice ${state.notice.kind}" role="${state.notice.kind === "error" ? "alert" : "status"}">${esc(state.notice.text)}</p>`,
    );

  const note = STATUS_NOTES[quote.status];
  if (note) {
    parts.push(
      `<div class="notice info" role="status"><p>${esc(note)}</p>${
        quote.newerUrl ? `<p><a href="${esc(quote.newerUrl)}">Open the newer version of this quote</a></p>` : ""
      }</div>`,
    );
  }
  if (quote.approval) {
    const a = quote.approval;
    parts.push(`<section class="card approved" aria-labelledby="approved-h" role="status"><h2 id="approved-h">Quote approved</h2>
<p>Signed by ${esc(a.signedName)} on ${esc(formatInstant(a.approvedAt, timeZone))}. Thank you: we will call you to schedule the work.</p>
<dl><dt class="total">Approved total</dt><dd class="total">${formatCents(a.totalCents)}</dd>${
      a.depositCents > 0 ? `<dt>Deposit due</dt><dd>${formatCents(a.depositCents)}</dd>` : ""
    }</dl></section>`);
  }
  if (quote.status === "changes_requested" && quote.changeRequest && !state.notice) {
    parts.push(
      `<p class="notice info" role="status">You asked for changes on ${esc(formatInstantDate(quote.changeRequest.requestedAt, timeZone))}: we will send you a revised quote. You can still approve this one as it is.</p>`,
    );
  }
  if (quote.messageToClient) parts.push(`<div class="card"><p>${esc(quote.messageToClient).replace(/\n/g, "<br>")}</p></div>`);

  parts.push(
    `<section class="card" aria-labelledby="lines-h"><h2 id="lines-h">What the quote includes</h2><ul class="lines">${included.map(lineItem).join("")}</ul>`,
  );
  if (!open) {
    if (addOns.length > 0) {
      parts.push(
        `<h2>Optional add-ons</h2><ul class="lines">${addOns
          .map((l) => lineItem({ ...l, description: `${l.description}${checked.has(l.id) ? " (accepted)" : ""}` }))
          .join("")}</ul>`,
      );
    }
    parts.push(totalsList(quote, quote.approval ? { ...shownTotals, ...quote.approval } : shownTotals, false), "</section>");
  } else {
    const e = state.errors ?? {};
    parts.push(`</section><form class="card" method="post" action="${esc(action)}" id="approve-form" novalidate>`);
    if (addOns.length > 0) {
      parts.push(`<fieldset><legend>Optional add-ons</legend><p class="muted">Tick any you would like added to the work.</p>${addOns
        .map((l) => addOnItem(l, checked.has(l.id), false))
        .join("")}${e.addOns ? `<p class="error">${esc(e.addOns)}</p>` : ""}
<button type="submit" class="secondary" name="intent" value="recalculate">Recalculate</button></fieldset>`);
    }
    parts.push(`<h2>Total</h2>${totalsList(quote, shownTotals, true)}
<p class="muted">Valid until ${esc(formatCalendarDate(quote.validUntil))}.</p>
<label class="field" for="signedName">Your full name</label>
<input type="text" id="signedName" name="signedName" autocomplete="name" maxlength="100" value="${esc(state.signedName ?? "")}"${
      e.signedName ? ' aria-invalid="true" aria-describedby="signedName-error"' : ""
    }>
${e.signedName ? `<p class="error" id="signedName-error">${esc(e.signedName)}</p>` : ""}
<p class="muted">Typing your name and approving signs this quote and accepts its terms${quote.depositCents > 0 ? " and the deposit" : ""}.</p>
<button type="submit" class="primary" name="intent" value="approve">Approve quote</button>
</form>
<section class="card" aria-labelledby="changes-h"><h2 id="changes-h">Request changes</h2>
<form method="post" action="${esc(action)}" novalidate><input type="hidden" name="intent" value="changes">
<label class="field" for="changes-message">What would you like changed?</label>
<textarea id="changes-message" name="message" maxlength="2000" rows="4"${e.message ? ' aria-invalid="true" aria-describedby="changes-error"' : ""}>${esc(
      state.message ?? "",
    )}</textarea>
${e.message ? `<p class="error" id="changes-error">${esc(e.message)}</p>` : ""}
<button type="submit" class="secondary">Request changes</button></form></section>`);
  }
  parts.push(`<p><a href="/api/client/quotes/${esc(token)}/pdf">Download this quote as a PDF</a></p>`);
  if (quote.terms)
    parts.push(
      `<section aria-labelledby="terms-h"><h2 id="terms-h">Terms</h2><p class="muted">${esc(quote.terms).replace(/\n/g, "<br>")}</p></section>`,
    );

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
<title>${esc(title)} | ${esc(company.name)}</title>
<style nonce="${esc(nonce)}">${STYLES}</style></head>
<body><header><p>${esc(company.name)}</p><a href="${esc(company.phone.href)}">${esc(company.phone.display)}</a></header>
<main>${parts.join("\n")}</main>
<footer>${esc(company.name)} · ${esc(company.address.full)} · <a href="${esc(company.phone.href)}">${esc(company.phone.display)}</a> · <a href="${esc(
    company.emailHref,
  )}">${esc(company.email)}</a></footer>
${open ? `<script type="application/json" id="quote-data">${scriptJson(scriptData(quote))}</script><script nonce="${esc(nonce)}">${SCRIPT}</script>` : ""}
</body></html>`;
}

/** The page of a link that opens no quote. */
export function renderQuoteNotFound({ nonce, message }: { nonce: string; message: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Quote not found | ${esc(company.name)}</title>
<style nonce="${esc(nonce)}">${STYLES}</style></head>
<body><header><p>${esc(company.name)}</p><a href="${esc(company.phone.href)}">${esc(company.phone.display)}</a></header>
<main><h1>Quote not found</h1><p>${esc(message)}</p></main>
<footer>${esc(company.name)} · ${esc(company.address.full)}</footer></body></html>`;
}
