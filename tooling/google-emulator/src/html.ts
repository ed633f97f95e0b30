import { type CalendarEvent, type EventDateTime } from "./events.js";
import { describeScope } from "./scopes.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #202124; line-height: 1.5; }
.note { color: #5f6368; font-size: 0.875rem; }
.actions { display: flex; gap: 1rem; justify-content: flex-end; margin-top: 2rem; }
button { font: inherit; padding: 0.5rem 1.5rem; border-radius: 0.25rem; border: 1px solid #1a73e8; cursor: pointer; }
button[value="allow"] { background: #1a73e8; color: #fff; }
button[value="deny"] { background: #fff; color: #1a73e8; }
button:focus-visible { outline: 3px solid #174ea6; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
<p class="note">Google API emulator: a local stand-in for Google, for development and tests.</p>
</main>
</body>
</html>
`;
}

/** Google's consent screen, emulated: what the app asks for, and labelled Allow / Deny buttons. */
export function consentPage(options: { requestId: string; clientId: string; account: string; scopes: string[] }): string {
  const scopes = options.scopes.map((s) => `<li>${escape(describeScope(s))}</li>`).join("\n");
  return page(
    "Sign in – Google Accounts",
    `<h1>Allow access to your Google Account?</h1>
<p>The app <strong>${escape(options.clientId)}</strong> wants to access your Google Account <strong>${escape(options.account)}</strong>.</p>
<h2 id="scopes-heading">This will allow the app to:</h2>
<ul aria-labelledby="scopes-heading">
${scopes}
</ul>
<form method="post" action="/o/oauth2/v2/auth/consent">
<input type="hidden" name="request" value="${escape(options.requestId)}">
<div class="actions">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow">Allow</button>
</div>
</form>`,
  );
}

/** The page Google shows instead of redirecting when an authorization request is malformed. */
export function authErrorPage(status: number, error: string, description: string): string {
  return page(
    "Access blocked – Google Accounts",
    `<h1>Access blocked: authorization error</h1>
<p>Error ${status}: <code>${escape(error)}</code></p>
<p>${escape(description)}</p>`,
  );
}

function formatTime(time: EventDateTime): string {
  const zone = time.timeZone ? ` (${time.timeZone})` : "";
  return `${time.dateTime ?? time.date ?? ""}${zone}`;
}

/** The page an event's htmlLink opens. */
export function eventPage(event: CalendarEvent): string {
  const optional = (label: string, value: unknown) =>
    typeof value === "string" && value ? `<dt>${label}</dt><dd>${escape(value)}</dd>` : "";
  const title = typeof event.summary === "string" && event.summary ? event.summary : "(No title)";
  return page(
    `${title} – Google Calendar`,
    `<h1>${escape(title)}</h1>
<dl>
<dt>Starts</dt><dd>${escape(formatTime(event.start))}</dd>
<dt>Ends</dt><dd>${escape(formatTime(event.end))}</dd>
${optional("Where", event.location)}
${optional("Description", event.description)}
<dt>Status</dt><dd>${escape(event.status)}</dd>
<dt>Calendar</dt><dd>${escape(event.organizer.email)}</dd>
</dl>`,
  );
}

/** The page an htmlLink to an unknown event opens. */
export function missingEventPage(): string {
  return page("Not found – Google Calendar", "<h1>Could not find the requested event</h1>");
}
