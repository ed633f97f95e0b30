// npm run mail:preview: every e-mail template rendered with sample data into mail-preview/ (HTML,
// plain text and the .ics), to look at in a browser without sending anything.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { appointmentIcs, renderMail, type MailData } from "@crawlguard/api";

const zone = process.env.BUSINESS_TIME_ZONE ?? "America/New_York";
const publicUrl = (process.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "");
const start = "2027-07-13T14:00:00.000Z";
const end = "2027-07-13T15:00:00.000Z";
const appointment = {
  clientName: "Casey Client",
  service: "crawl-space-encapsulation",
  address: "12 Merrimon Ave, Asheville, NC 28801",
  start,
  end,
};
const item = {
  name: "Casey Client",
  email: "casey@example.com",
  phone: "(828) 555-0147",
  zipCode: "28801",
  address: "12 Merrimon Ave, Asheville, NC 28801",
  service: "crawl-space-encapsulation",
  link: `${publicUrl}/admin?lead=00000000-0000-4000-8000-000000000000`,
  at: start,
};
const samples: MailData[] = [
  {
    kind: "office-contact",
    item: {
      ...item,
      kind: "contact",
      message: "Musty smell and standing water under the house.",
      link: `${publicUrl}/admin?tab=submissions`,
      existingLead: { name: "Casey Client", status: "contacted" },
    },
  },
  { kind: "office-booking", item: { ...item, kind: "booking", start } },
  {
    kind: "office-digest",
    items: [
      { ...item, kind: "contact", message: "Wet crawl space" },
      { ...item, kind: "reschedule", start },
    ],
  },
  { kind: "client-confirmation", moved: false, ...appointment },
  { kind: "client-confirmation", moved: true, ...appointment, previousStart: "2027-07-12T14:00:00.000Z" },
  { kind: "client-cancellation", ...appointment },
  { kind: "client-reminder", ...appointment },
  { kind: "contact-ack", service: "crawl-space-encapsulation" },
  {
    kind: "office-test",
    requestedBy: "Dana Admin",
    kinds: ["New requests from the contact form", "Appointments booked and moved"],
    digest: false,
  },
  {
    kind: "invitation",
    invitedBy: "Dana Admin",
    link: `${publicUrl}/auth?invite=preview-invitation-code`,
    expiresAt: "2027-07-20T14:00:00.000Z",
  },
];

const dir = path.resolve(process.argv[2] ?? "mail-preview");
await mkdir(dir, { recursive: true });
for (const [i, data] of samples.entries()) {
  const name = `${String(i + 1).padStart(2, "0")}-${data.kind}`;
  const mail = await renderMail(data, {
    timeZone: zone,
    publicUrl,
    unsubscribeUrl:
      data.kind.startsWith("client") || data.kind === "contact-ack" ? `${publicUrl}/mail/unsubscribe?token=preview` : undefined,
  });
  await writeFile(path.join(dir, `${name}.html`), mail.html);
  await writeFile(path.join(dir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
  if (data.kind === "client-confirmation" || data.kind === "client-cancellation") {
    const ics = appointmentIcs({
      leadId: "00000000-0000-4000-8000-000000000000",
      host: new URL(publicUrl).hostname,
      clientEmail: "casey@example.com",
      organizerEmail: "office@example.com",
      cancelled: data.kind === "client-cancellation",
      sequence: 1,
      ...appointment,
    });
    await writeFile(path.join(dir, `${name}.ics`), ics);
  }
  console.log(`${name}: ${mail.subject}`);
}
console.log(`Written to ${dir}`);
