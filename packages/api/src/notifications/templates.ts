import { Button, Heading, render } from "@react-email/components";
import { createElement as h, type ReactNode } from "react";
import { company, getService, getServiceLabel } from "@crawlguard/content";
import { layout, p, styles, type RenderOptions } from "./mail-layout.js";

export type { RenderOptions } from "./mail-layout.js";

/*
 * Every e-mail's text in one place: React Email components, rendered to HTML and to a
 * plain-text part. Company name, phone and address from packages/content; links from PUBLIC_URL.
 * Client mails never show staff notes, the quoted value or who is assigned. The contact
 * acknowledgement goes to whatever address a visitor typed, so it repeats nothing the visitor wrote
 * (a branded mail quoting a stranger's text to any inbox is a phishing relay): only the service, by
 * its own name, and the company's details.
 */

/** A quote's mails (quotes/quote-mail.ts queues and composes them). */
export type QuoteMailKind = "quote-sent" | "quote-reminder" | "quote-approved" | "office-quote";

export type MailKind =
  | QuoteMailKind
  | "office-contact"
  | "office-booking"
  | "office-digest"
  | "client-confirmation"
  | "client-cancellation"
  | "client-reminder"
  | "client-on-my-way"
  | "contact-ack"
  | "office-test"
  | "invitation";

/** Client mails an address may turn off (the rest concern an appointment it has). */
export const NON_ESSENTIAL: ReadonlySet<MailKind> = new Set(["client-reminder", "contact-ack", "quote-reminder"]);
export const CLIENT_KINDS: ReadonlySet<MailKind> = new Set([
  "client-confirmation",
  "client-cancellation",
  "client-reminder",
  "quote-sent",
  "quote-reminder",
  "quote-approved",
  "client-on-my-way",
  "contact-ack",
]);

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What a client appointment mail shows. */
export interface AppointmentMail {
  clientName: string;
  service: string;
  address: string | null;
  start: string;
  end: string;
  /** For a move: when it was. */
  previousStart?: string | undefined;
  /** Booked online (/book): the homeowner's manage link, where they see, move or cancel it themselves. */
  manageUrl?: string | undefined;
  /** Booked online and now cancelled: where to book another time (/book). */
  rebookUrl?: string | undefined;
}

/** What office mail shows of a request or booking. */
export interface OfficeItem {
  kind: "contact" | "booking" | "reschedule" | "cancellation";
  /** Booked, moved or cancelled online by the homeowner (/book). */
  online?: boolean | undefined;
  name: string;
  email: string;
  phone: string | null;
  zipCode: string | null;
  address: string | null;
  service: string | null;
  message?: string | null | undefined;
  start?: string | undefined;
  /** The dashboard link that opens the lead (or the requests list). */
  link: string;
  at: string;
  /** A request from someone who is already a lead: that lead (name and status). */
  existingLead?: { name: string; status: string } | null | undefined;
}

export type MailData =
  | { kind: "office-contact"; item: OfficeItem }
  | { kind: "office-booking"; item: OfficeItem }
  | { kind: "office-digest"; items: OfficeItem[] }
  | ({ kind: "client-confirmation"; moved: boolean } & AppointmentMail)
  | ({ kind: "client-cancellation" } & AppointmentMail)
  | ({ kind: "client-reminder" } & AppointmentMail)
  | {
      kind: "client-on-my-way";
      clientName: string;
      /** Who is coming: the crew member's display name. */
      crewName: string;
      /** When they arrive, about (ISO 8601): said as a clock time of the business zone. */
      arrivalAt: string;
      service: string;
      address: string | null;
    }
  | {
      kind: "office-test";
      /** Who asked for it (display name), if anyone. */
      requestedBy: string | null;
      /** What this recipient gets: the kinds' names, and whether in a daily digest. */
      kinds: string[];
      digest: boolean;
    }
  | {
      kind: "invitation";
      /** Who invited (display name). */
      invitedBy: string | null;
      /** The /auth link with the invitation's code. */
      link: string;
      expiresAt: string;
    }
  | {
      kind: "contact-ack";
      /** The submission's service as stored; only one of the site's own services is named, by its own name. */
      service: string | null;
    };

/** "Tuesday, July 13, 2027 at 10:00 AM EDT", in the business zone. */
export function formatWhen(iso: string, timeZone: string): string {
  const d = new Date(iso);
  const date = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(d);
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(d);
  return `${date} at ${time}`;
}

const serviceName = (service: string | null | undefined) => (service ? getServiceLabel(service) : "Not specified");

/** A lead's status as the board names it: "contacted" is Contacted, "in-progress" In progress. */
const statusName = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/-/g, " ");

function officeLines(item: OfficeItem, timeZone: string): string[] {
  const lines = item.existingLead ? [`Existing lead: ${item.existingLead.name} (${statusName(item.existingLead.status)})`] : [];
  lines.push(`Name: ${item.name}`, `E-mail: ${item.email}`, `Phone: ${item.phone ?? "not given"}`);
  if (item.address) lines.push(`Address: ${item.address}`);
  if (item.zipCode) lines.push(`ZIP code: ${item.zipCode}`);
  lines.push(`Service: ${serviceName(item.service)}`);
  if (item.start) lines.push(`Appointment: ${formatWhen(item.start, timeZone)}`);
  if (item.online) lines.push(`By the homeowner, online (${item.kind === "cancellation" ? "cancelled" : "booked"} on /book)`);
  if (item.message) lines.push(`Message: ${item.message}`);
  return lines;
}

const officeTitle = (item: OfficeItem) =>
  item.kind === "contact"
    ? `New request from ${item.name}`
    : item.kind === "booking"
      ? `Appointment booked${item.online ? " online" : ""}: ${item.name}`
      : item.kind === "cancellation"
        ? `Appointment cancelled${item.online ? " online" : ""}: ${item.name}`
        : `Appointment moved${item.online ? " online" : ""}: ${item.name}`;

function build(data: MailData, o: RenderOptions): { subject: string; element: ReactNode } {
  const tz = o.timeZone;
  switch (data.kind) {
    case "office-contact":
    case "office-booking": {
      const subject = officeTitle(data.item);
      const lines = officeLines(data.item, tz);
      return {
        subject,
        element: layout(
          subject,
          subject,
          [
            ...lines.map((l, i) => p(l, `l${i}`)),
            h(Button, { href: data.item.link, style: styles.button, key: "b" }, "Open in the dashboard"),
          ],
          o,
        ),
      };
    }
    case "office-digest": {
      const subject = `${data.items.length} new ${data.items.length === 1 ? "update" : "updates"} for ${company.shortName}`;
      const content = data.items.flatMap((item, i) => [
        h(Heading, { as: "h2", style: { fontSize: "16px", margin: "16px 0 6px" }, key: `h${i}` }, officeTitle(item)),
        ...officeLines(item, tz).map((l, j) => p(l, `l${i}-${j}`)),
        p(h("a", { href: item.link }, "Open in the dashboard"), `a${i}`),
      ]);
      return { subject, element: layout(subject, subject, content, o) };
    }
    case "client-confirmation": {
      const when = formatWhen(data.start, tz);
      const subject = data.moved ? `Your appointment has moved to ${when}` : `Your appointment is confirmed: ${when}`;
      const content = [
        p(`Hello ${data.clientName},`, "hi"),
        p(
          data.moved
            ? `Your ${company.shortName} appointment has moved. The new time:`
            : `Thank you for choosing ${company.name}. Your appointment:`,
          "a",
        ),
        p(`${when} (until ${formatWhen(data.end, tz).split(" at ")[1]})`, "w"),
        p(`Service: ${serviceName(data.service)}`, "s"),
        ...(data.address ? [p(`Where: ${data.address}`, "ad")] : []),
        ...(data.moved && data.previousStart ? [p(`It was: ${formatWhen(data.previousStart, tz)}`, "was")] : []),
        ...(data.manageUrl
          ? [
              p("We'll arrive within that window. The attached calendar file adds it to your calendar.", "c"),
              h(Button, { href: data.manageUrl, style: styles.button, key: "m" }, "See, move or cancel your booking"),
              p(`Or open this link: ${data.manageUrl}. Questions? Call us at ${company.phone.display}.`, "ml"),
            ]
          : [p(`The attached calendar file adds it to your calendar. To change it, call us at ${company.phone.display}.`, "c")]),
      ];
      return { subject, element: layout(subject, subject, content, o) };
    }
    case "client-cancellation": {
      const when = formatWhen(data.start, tz);
      const subject = `Your appointment on ${when} is cancelled`;
      const content = [
        p(`Hello ${data.clientName},`, "hi"),
        p(`Your ${company.shortName} appointment on ${when} (${serviceName(data.service)}) is cancelled.`, "a"),
        p(
          data.rebookUrl
            ? `To book another time, visit ${data.rebookUrl} or call us at ${company.phone.display}.`
            : `To book another time, call us at ${company.phone.display}.`,
          "c",
        ),
      ];
      return { subject, element: layout(subject, subject, content, o) };
    }
    case "client-reminder": {
      const when = formatWhen(data.start, tz);
      const subject = `Reminder: your appointment on ${when}`;
      const content = [
        p(`Hello ${data.clientName},`, "hi"),
        p(`This is a reminder of your ${company.shortName} appointment:`, "a"),
        p(when, "w"),
        p(`Service: ${serviceName(data.service)}`, "s"),
        ...(data.address ? [p(`Where: ${data.address}`, "ad")] : []),
        p(`Need to change it? Call us at ${company.phone.display}.`, "c"),
      ];
      return { subject, element: layout(subject, subject, content, o) };
    }
    case "client-on-my-way": {
      const at = new Intl.DateTimeFormat("en-US", { timeZone: tz, hour: "numeric", minute: "2-digit" }).format(new Date(data.arrivalAt));
      const subject = `${data.crewName} from ${company.shortName} is on the way`;
      const content = [
        p(`Hello ${data.clientName},`, "hi"),
        p(`${data.crewName} from ${company.name} is on the way and will arrive around ${at}.`, "a"),
        p(`Service: ${serviceName(data.service)}`, "s"),
        ...(data.address ? [p(`Where: ${data.address}`, "ad")] : []),
        p(`Need to reach us? Call ${company.phone.display}.`, "c"),
      ];
      return { subject, element: layout(subject, subject, content, o) };
    }
    case "office-test": {
      const subject = `Test mail from the ${company.shortName} dashboard`;
      const content = [
        p(
          data.requestedBy
            ? `${data.requestedBy} sent this test from the dashboard's notification settings: mail reaches you.`
            : "This test from the dashboard's notification settings shows that mail reaches you.",
          "a",
        ),
        p(
          data.kinds.length > 0 ? `You get: ${data.kinds.join("; ")}.` : "You get no office mail at the moment: only tests like this one.",
          "k",
        ),
        ...(data.kinds.length > 0
          ? [p(data.digest ? "They come in one daily digest." : "Each one comes in a mail of its own, as it happens.", "d")]
          : []),
        h(Button, { href: `${o.publicUrl}/admin?tab=users`, style: styles.button, key: "b" }, "Open the notification settings"),
      ];
      return { subject, element: layout(subject, subject, content, o) };
    }
    case "invitation": {
      const subject = `You're invited to the ${company.shortName} dashboard`;
      const content = [
        p("Hello,", "hi"),
        p(`${data.invitedBy ?? "An administrator"} invited you to create your account on the ${company.name} staff dashboard.`, "a"),
        h(Button, { href: data.link, style: styles.button, key: "b" }, "Create your account"),
        p(`Or open this link: ${data.link}`, "l"),
        p(`The invitation works once and expires on ${formatWhen(data.expiresAt, tz)}.`, "e"),
        p("Not expecting it? Ignore this mail: nothing happens without the link.", "c"),
      ];
      return { subject, element: layout(subject, subject, content, o) };
    }
    case "contact-ack": {
      const subject = `We received your request — ${company.name}`;
      // getService knows only the site's own services; any other value is the visitor's text.
      const service = data.service ? getService(data.service)?.name : undefined;
      const content = [
        p("Hello,", "hi"),
        p(`Thank you for contacting ${company.name}. We received your request and will contact you within 24 hours.`, "a"),
        ...(service ? [p(`Service: ${service}`, "s")] : []),
        p(`In a hurry? Call us at ${company.phone.display} or write to ${company.email}.`, "c"),
      ];
      return { subject, element: layout(subject, subject, content, o) };
    }
  }
}

/** The message's subject, HTML and plain-text part. */
export async function renderMail(data: MailData, options: RenderOptions): Promise<RenderedMail> {
  const { subject, element } = build(data, options);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
