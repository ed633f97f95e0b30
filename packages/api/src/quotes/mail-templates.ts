import { render } from "@react-email/components";
import type { ReactNode } from "react";
import { company } from "@crawlguard/content";
import { formatCents, type ClientQuote } from "@crawlguard/validators";
import { formatCalendarDate, formatInstant } from "./pdf.js";
import { button, layout as mailLayout, p, type RenderOptions } from "../notifications/mail-layout.js";

/*
 * The quotes' e-mails (React Email, like every other mail: notifications/templates.ts): the quote to
 * the homeowner (its link, the PDF attached), the one follow-up, the confirmation of an approval
 * (the signed PDF attached), and the office's mail about an approval or a change request. Client
 * mails show what the quote's page shows, never staff notes.
 */

export type QuoteMailData =
  | { kind: "quote-sent"; quote: ClientQuote; url: string }
  | { kind: "quote-reminder"; quote: ClientQuote; url: string }
  | { kind: "quote-approved"; quote: ClientQuote; url: string }
  | { kind: "office-quote"; what: "approved" | "changes"; quote: ClientQuote; clientEmail: string; link: string };

export type QuoteMailOptions = RenderOptions;

const layout = (title: string, content: ReactNode[], o: QuoteMailOptions) => mailLayout(title, title, content, o);

const amounts = (q: ClientQuote) => [
  p(`Total: ${formatCents(q.totalCents)}`, "total"),
  ...(q.depositCents > 0 ? [p(`Deposit due on approval: ${formatCents(q.depositCents)}`, "deposit")] : []),
  p(`Valid until: ${formatCalendarDate(q.validUntil)}`, "valid"),
];

function build(data: QuoteMailData, o: QuoteMailOptions): { subject: string; element: ReactNode } {
  const q = data.quote;
  switch (data.kind) {
    case "quote-sent": {
      const subject = `Your quote ${q.number} from ${company.name}`;
      return {
        subject,
        element: layout(
          subject,
          [
            p(`Hello ${q.clientName},`, "hi"),
            p(
              `Thank you for having ${company.shortName} out. Your quote is ready: the PDF is attached, and you can read and approve it online.`,
              "a",
            ),
            ...(q.messageToClient ? [p(q.messageToClient, "m")] : []),
            ...amounts(q),
            ...(q.lines.some((l) => l.optional) ? [p("Optional add-ons can be ticked on the quote's page before you approve.", "o")] : []),
            button(data.url, "View and approve your quote"),
            p(`Questions? Call us at ${company.phone.display}.`, "c"),
          ],
          o,
        ),
      };
    }
    case "quote-reminder": {
      const subject = `Reminder: your quote ${q.number} from ${company.shortName}`;
      return {
        subject,
        element: layout(
          subject,
          [
            p(`Hello ${q.clientName},`, "hi"),
            p(`Your quote ${q.number} is still waiting for you. Approve it online, or tell us what you would like changed.`, "a"),
            ...amounts(q),
            button(data.url, "View your quote"),
            p(`Questions? Call us at ${company.phone.display}.`, "c"),
          ],
          o,
        ),
      };
    }
    case "quote-approved": {
      const a = q.approval!;
      const subject = `Quote ${q.number} approved: thank you`;
      return {
        subject,
        element: layout(
          subject,
          [
            p(`Hello ${q.clientName},`, "hi"),
            p(
              `Thank you for choosing ${company.name}. You approved quote ${q.number} on ${formatInstant(a.approvedAt, o.timeZone)}, signed ${a.signedName}.`,
              "a",
            ),
            p(`Approved total: ${formatCents(a.totalCents)}`, "t"),
            ...(a.depositCents > 0 ? [p(`Deposit due: ${formatCents(a.depositCents)}`, "d")] : []),
            p("The signed quote is attached. We will call you to schedule the work.", "n"),
            button(data.url, "View your approved quote"),
          ],
          o,
        ),
      };
    }
    case "office-quote": {
      const approved = data.what === "approved";
      const subject = approved
        ? `Quote ${q.number} approved by ${q.clientName}`
        : `Changes requested on quote ${q.number}: ${q.clientName}`;
      const content = approved
        ? [
            p(`${q.approval!.signedName} approved quote ${q.number} on ${formatInstant(q.approval!.approvedAt, o.timeZone)}.`, "a"),
            p(`Approved total: ${formatCents(q.approval!.totalCents)}`, "t"),
            ...(q.approval!.depositCents > 0 ? [p(`Deposit due: ${formatCents(q.approval!.depositCents)}`, "d")] : []),
            p(
              `Add-ons accepted: ${
                q.lines
                  .filter((l) => q.approval!.acceptedOptionalLineIds.includes(l.id))
                  .map((l) => l.description)
                  .join("; ") || "none"
              }`,
              "o",
            ),
          ]
        : [p(`${q.clientName} asked for changes to quote ${q.number}:`, "a"), p(q.changeRequest?.message ?? "", "m")];
      return {
        subject,
        element: layout(
          subject,
          [...content, p(`Client: ${q.clientName} <${data.clientEmail}>`, "c"), button(data.link, "Open the lead in the dashboard")],
          o,
        ),
      };
    }
  }
}

export async function renderQuoteMail(data: QuoteMailData, o: QuoteMailOptions): Promise<{ subject: string; html: string; text: string }> {
  const { subject, element } = build(data, o);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
