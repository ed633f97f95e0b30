import { company } from "@crawlguard/content";
import { formatCents, formatPercent, formatQuantity, quoteTotals, type ClientQuote } from "@crawlguard/validators";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

/*
 * A quote as a PDF (pdf-lib, no native dependencies): the company's name, address and phone (from
 * the content module), the quote's number and dates, the client, the lines, totals, deposit,
 * validity, message and terms; once approved, who signed, when, the add-ons accepted and the
 * approved totals. It is made from the client's view of the quote, so nothing the homeowner may
 * not see (staff notes, the lead's value, internal ids) can reach it. Amounts read like $4,312.68.
 */

const PAGE = { width: 612, height: 792, margin: 50 };
const INK = rgb(0.1, 0.13, 0.17);
const MUTED = rgb(0.35, 0.39, 0.45);
const RULE = rgb(0.8, 0.82, 0.85);

/** The columns of the lines table: x of each column's right edge, for the numbers. */
const COLUMNS = { description: PAGE.margin, quantity: 380, unitPrice: 470, amount: PAGE.width - PAGE.margin };

/** Formatters are costly to make (the quote page formats on every view): one per zone and shape. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, shape: "date" | "time"): Intl.DateTimeFormat {
  const key = `${timeZone} ${shape}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      shape === "date"
        ? new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" })
        : new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
    formatters.set(key, made);
  }
  return made;
}

/** A calendar date (yyyy-MM-dd) as 'MMM d, yyyy'. */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return formatter("UTC", "date").format(new Date(Date.UTC(y, m - 1, d)));
}

/** An instant as 'MMM d, yyyy' on the business's calendar. */
export function formatInstantDate(iso: string, timeZone: string): string {
  return formatter(timeZone, "date").format(new Date(iso));
}

/** An instant as 'MMM d, yyyy h:mm a' on the business's clock. */
export function formatInstant(iso: string, timeZone: string): string {
  return `${formatInstantDate(iso, timeZone)} ${formatter(timeZone, "time").format(new Date(iso))}`;
}

/** Writes top to bottom, starting a new page when the current one is full. */
class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Only what the standard font can draw: other characters become "?" (a name in another script still prints). */
  private safe(text: string, font: PDFFont): string {
    const known = new Set(font.getCharacterSet());
    return [...text.normalize("NFC").replace(/[\t\r]/g, " ")].map((c) => (known.has(c.codePointAt(0)!) ? c : "?")).join("");
  }

  private room(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Splits text into lines no wider than `width`. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    for (const paragraph of this.safe(text, font).split("\n")) {
      let line = "";
      for (const word of paragraph.split(/ +/)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
        else {
          out.push(line);
          line = word;
        }
      }
      out.push(line);
    }
    return out;
  }

  text(text: string, { size = 10, font = this.regular, color = INK, x = PAGE.margin, width = PAGE.width - 2 * PAGE.margin, gap = 4 } = {}) {
    for (const line of this.wrap(text, font, size, width)) {
      this.room(size + gap);
      this.y -= size;
      this.page.drawText(line, { x, y: this.y, size, font, color });
      this.y -= gap;
    }
  }

  /** One row of the lines table: the description wrapped on the left, numbers right-aligned. */
  row(description: string, numbers: [string, string, string], { font = this.regular, size = 10 } = {}) {
    const lines = this.wrap(description, font, size, COLUMNS.quantity - 60 - PAGE.margin);
    this.room(lines.length * (size + 4) + 4);
    const top = this.y;
    lines.forEach((line, i) => {
      this.page.drawText(line, { x: COLUMNS.description, y: top - size - i * (size + 4), size, font, color: INK });
    });
    const rights = [COLUMNS.quantity, COLUMNS.unitPrice, COLUMNS.amount];
    numbers.forEach((value, i) => {
      const shown = this.safe(value, font);
      const w = font.widthOfTextAtSize(shown, size);
      this.page.drawText(shown, { x: rights[i]! - w, y: top - size, size, font, color: INK });
    });
    this.y = top - lines.length * (size + 4) - 4;
  }

  /** A label and an amount, the amount right-aligned (the totals). */
  amount(label: string, value: string, { font = this.regular, size = 10 } = {}) {
    this.room(size + 6);
    this.y -= size;
    const w = font.widthOfTextAtSize(value, size);
    this.page.drawText(this.safe(label, font), { x: COLUMNS.unitPrice - 120, y: this.y, size, font, color: INK });
    this.page.drawText(value, { x: COLUMNS.amount - w, y: this.y, size, font, color: INK });
    this.y -= 6;
  }

  rule() {
    this.room(10);
    this.y -= 4;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 8;
  }

  space(height = 8) {
    this.y -= height;
  }
}

/** The PDF of a quote as its homeowner sees it (`quote`), dates in the business zone. */
export async function renderQuotePdf(quote: ClientQuote, { timeZone }: { timeZone: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Quote ${quote.number} from ${company.name}`);
  doc.setAuthor(company.name);
  doc.setSubject(`Quote ${quote.number} for ${quote.clientName}`);
  doc.setCreator(company.name);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  w.text(company.name, { size: 18, font: w.bold });
  w.text(company.address.full, { color: MUTED });
  w.text(`${company.phone.display} · ${company.email}`, { color: MUTED });
  w.space(12);
  w.text(`Quote ${quote.number}${quote.revision > 1 ? ` (revision ${quote.revision})` : ""}`, { size: 15, font: w.bold });
  w.text(`Date: ${formatInstantDate(quote.sentAt, timeZone)}`);
  w.text(`Valid until: ${formatCalendarDate(quote.validUntil)}`);
  w.space(6);
  w.text("Prepared for", { font: w.bold });
  w.text(quote.clientName);
  if (quote.serviceAddress) w.text(quote.serviceAddress);
  if (quote.messageToClient) {
    w.space(6);
    w.text(quote.messageToClient);
  }

  w.space(10);
  w.row("Description", ["Qty", "Unit price", "Amount"], { font: w.bold });
  w.rule();
  const accepted = new Set(quote.approval?.acceptedOptionalLineIds ?? []);
  for (const line of quote.lines) {
    const note = line.optional ? (accepted.has(line.id) ? " (optional add-on, accepted)" : " (optional add-on)") : "";
    w.row(`${line.description}${note}`, [
      `${formatQuantity(line.quantity)} ${line.unit}`,
      formatCents(line.unitPriceCents),
      formatCents(line.totalCents),
    ]);
  }
  w.rule();
  w.amount("Subtotal", formatCents(quote.subtotalCents));
  if (quote.discountCents > 0) w.amount("Discount", `-${formatCents(quote.discountCents)}`);
  w.amount(`Tax (${formatPercent(quote.taxRatePercent)})`, formatCents(quote.taxCents));
  w.amount("Total", formatCents(quote.totalCents), { font: w.bold, size: 12 });
  if (quote.depositCents > 0) {
    const share = quote.depositPercent === null ? "" : ` (${formatPercent(quote.depositPercent)} of the total)`;
    w.amount(`Deposit due on approval${share}`, formatCents(quote.depositCents));
  }
  const addOns = quote.lines.filter((l) => l.optional);
  if (addOns.length > 0 && !quote.approval) {
    w.space(4);
    w.text("Optional add-ons are not in the total; the homeowner may add them when approving.", { size: 9, color: MUTED });
  }

  if (quote.approval) {
    const a = quote.approval;
    w.space(10);
    w.text("Approved", { size: 13, font: w.bold });
    w.text(`Signed by ${a.signedName} on ${formatInstant(a.approvedAt, timeZone)}.`);
    const taken = quote.lines.filter((l) => accepted.has(l.id)).map((l) => l.description);
    w.text(`Add-ons accepted: ${taken.length > 0 ? taken.join("; ") : "none"}.`);
    const approved = quoteTotals({
      lines: quote.lines,
      discountCents: quote.discountCents,
      taxRatePercent: quote.taxRatePercent,
      deposit: null,
      acceptedOptionalLineIds: accepted,
    });
    w.amount("Approved subtotal", formatCents(approved.subtotalCents));
    w.amount(`Approved tax (${formatPercent(quote.taxRatePercent)})`, formatCents(approved.taxCents));
    w.amount("Approved total", formatCents(a.totalCents), { font: w.bold, size: 12 });
    if (a.depositCents > 0) w.amount("Deposit due", formatCents(a.depositCents));
  }

  if (quote.terms) {
    w.space(12);
    w.text("Terms", { font: w.bold });
    w.text(quote.terms, { size: 9, color: MUTED });
  }
  w.space(8);
  w.text(`Questions? Call ${company.name} at ${company.phone.display}.`, { size: 9, color: MUTED });
  return doc.save();
}
