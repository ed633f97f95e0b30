import { absoluteUrl, bookingPageSeo, company, contactServiceOptions, siteName } from "@crawlguard/content";
import type { BookingWindow } from "@crawlguard/validators";

/*
 * What the online booking pages share (/book and /book/{token}, rendered on the server as plain
 * HTML by apps/server's booking-routes.ts): the document, its head and styles, the site's header and
 * footer with the phone as a tel: link, and the window list as radio buttons grouped by day. Phone
 * first, readable and usable without JavaScript; every instant is shown in business time, as the
 * labels the window list gives (whatever the browser's zone).
 */

export const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const phoneLink = () => `<a href="${company.phone.href}">${esc(company.phone.display)}</a>`;

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1a202c;background:#f4f6f8}
a{color:#1a4f8b}
.skip{position:absolute;left:-10000px;top:0;background:#fff;padding:.5rem 1rem}
.skip:focus{left:0;z-index:1}
header{background:#fff;padding:.75rem 1rem;border-bottom:1px solid #d9dee5;display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between;align-items:center}
header .brand{font-weight:700;text-decoration:none;color:#1a202c}
footer{background:#fff;border-top:1px solid #d9dee5;padding:.75rem 1rem;font-size:.875rem;color:#4a5568;margin-top:2rem}
footer p{margin:.25rem 0}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #d9dee5;border-radius:.5rem;padding:1rem;margin:1rem 0}
.muted{color:#4a5568}
.when{font-size:1.25rem;font-weight:700;margin:.5rem 0}
fieldset{border:1px solid #d9dee5;border-radius:.5rem;padding:.5rem 1rem .75rem;margin:0 0 .75rem;background:#fff}
legend{font-weight:700;padding:0 .25rem}
.slot{display:flex;align-items:center;gap:.75rem;padding:.375rem 0}
.slot input{width:1.5rem;height:1.5rem;margin:0;flex:none}
.slot label{flex:1;font-weight:600;padding:.25rem 0}
label.field{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=text],input[type=email],input[type=tel],select,textarea{width:100%;font:inherit;font-size:1rem;padding:.625rem;border:1px solid #718096;border-radius:.375rem;background:#fff;color:inherit}
textarea{min-height:5rem}
button{font:inherit;font-weight:700;min-height:2.75rem;padding:.625rem 1.25rem;border-radius:.375rem;border:1px solid #1a4f8b;cursor:pointer;margin-top:1rem}
.primary{background:#1a4f8b;color:#fff;width:100%}
.secondary{background:#fff;color:#1a4f8b}
.error{color:#b42318;font-weight:600;margin:.25rem 0 0}
.notice{padding:.75rem 1rem;border-radius:.5rem;margin:1rem 0;border:1px solid}
.notice.error{background:#fef3f2;border-color:#b42318}
.notice.info{background:#eef4fb;border-color:#1a4f8b}
.notice.done{background:#f0f9f1;border-color:#2f7a3e}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}
dd{margin:0}
:focus-visible{outline:3px solid #1a4f8b;outline-offset:2px}
@media (min-width:40rem){.primary{width:auto}}
`;

export interface PageHead {
  title: string;
  description?: string;
  /** The canonical URL's path (search engines index /book, not each zip code's list). */
  canonicalPath?: string;
  /** A manage link's page: never indexed. */
  noindex?: boolean;
}

/** The whole document: `nonce` is the response's CSP nonce (the style element carries it). */
export function document({ head, body, nonce, publicUrl }: { head: PageHead; body: string; nonce: string; publicUrl: string }): string {
  const meta = [
    `<title>${esc(head.title)}</title>`,
    head.description ? `<meta name="description" content="${esc(head.description)}">` : "",
    head.noindex ? `<meta name="robots" content="noindex, nofollow">` : "",
    head.canonicalPath ? `<link rel="canonical" href="${esc(absoluteUrl(publicUrl, head.canonicalPath))}">` : "",
    head.canonicalPath
      ? [
          `<meta property="og:type" content="website">`,
          `<meta property="og:site_name" content="${esc(siteName)}">`,
          `<meta property="og:title" content="${esc(head.title)}">`,
          head.description ? `<meta property="og:description" content="${esc(head.description)}">` : "",
          `<meta property="og:url" content="${esc(absoluteUrl(publicUrl, head.canonicalPath))}">`,
        ].join("")
      : "",
  ].join("");
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${meta}
<style nonce="${esc(nonce)}">${STYLES}</style></head>
<body><a class="skip" href="#main">Skip to content</a>
<header><a class="brand" href="/">${esc(company.name)}</a><span>Call ${phoneLink()}</span></header>
<main id="main">${body}</main>
<footer><p>${esc(company.name)} · ${esc(company.address.full)}</p><p>${esc(company.hours.weekdays)} · ${phoneLink()}</p></footer>
</body></html>`;
}

export const BOOK_PAGE_TITLE = bookingPageSeo.title;

/** A sentence at the top of a page: why a post was refused, or what just happened. */
export interface Notice {
  kind: "error" | "info" | "done";
  text: string;
  /** Ends with the phone as a link. */
  withPhone?: boolean;
}

export function notice(n: Notice | undefined): string {
  if (!n) return "";
  const role = n.kind === "error" ? ` role="alert"` : ` role="status"`;
  return `<div class="notice ${n.kind}"${role}><p>${esc(n.text)}${n.withPhone ? ` ${phoneLink()}` : ""}</p></div>`;
}

/** The services a homeowner picks from, as labelled on the site. */
export function serviceLabel(value: string): string {
  return contactServiceOptions.find((o) => o.value === value)?.label ?? value;
}

/** The time part of a window's label: 'Tue, Dec 8 · 9:00–11:00 AM' → '9:00–11:00 AM'. */
const timeOf = (label: string) => label.split(" · ")[1] ?? label;

/** Windows grouped by their business date, in order, each group with its heading ('Tuesday, December 8'). */
export function byDay(windows: readonly (BookingWindow & { date: string; heading: string })[]) {
  const groups: { heading: string; windows: BookingWindow[] }[] = [];
  for (const w of windows) {
    const last = groups.at(-1);
    if (last && last.heading === w.heading) last.windows.push(w);
    else groups.push({ heading: w.heading, windows: [w] });
  }
  return groups;
}

/**
 * The windows as radio buttons, one fieldset per day. `checked`: the window picked before a refused
 * post. `error`: why no window was taken.
 */
export function windowChoices({
  days,
  checked,
  error,
  idPrefix = "w",
}: {
  days: ReturnType<typeof byDay>;
  checked?: string | undefined;
  error?: string | undefined;
  idPrefix?: string;
}): string {
  let n = 0;
  const groups = days.map((day) => {
    const slots = day.windows.map((w) => {
      n += 1;
      const id = `${idPrefix}-${n}`;
      return `<div class="slot"><input type="radio" id="${id}" name="windowStart" value="${esc(w.start)}" required${
        w.start === checked ? " checked" : ""
      }${error ? ` aria-describedby="${idPrefix}-error"` : ""}><label for="${id}">${esc(timeOf(w.label))}</label></div>`;
    });
    return `<fieldset><legend>${esc(day.heading)}</legend>${slots.join("")}</fieldset>`;
  });
  return `${error ? `<p class="error" id="${idPrefix}-error">${esc(error)}</p>` : ""}${groups.join("")}`;
}
