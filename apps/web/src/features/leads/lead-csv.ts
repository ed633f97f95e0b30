import { getServiceLabel } from "@crawlguard/content";
import type { Lead } from "@crawlguard/validators";
import { format, isValid, parseISO } from "date-fns";
import { statusLabels } from "./lead-board-model";

type CsvValue = string | number | null | undefined;

const columns: ReadonlyArray<{ header: string; value: (lead: Lead) => CsvValue }> = [
  { header: "Name", value: (lead) => lead.name },
  { header: "Email", value: (lead) => lead.email },
  { header: "Phone", value: (lead) => lead.phone },
  { header: "Address", value: (lead) => lead.address },
  { header: "Zip Code", value: (lead) => lead.zipCode },
  { header: "Service", value: (lead) => getServiceLabel(lead.service) },
  { header: "Status", value: (lead) => statusLabels[lead.status] },
  { header: "Priority", value: (lead) => lead.priority },
  { header: "Lead Source", value: (lead) => lead.source },
  { header: "Estimated Value", value: (lead) => lead.estimatedValue },
  { header: "Scheduled", value: (lead) => readableDateTime(lead.scheduledDate) },
  { header: "Notes", value: (lead) => lead.notes },
  { header: "Created", value: (lead) => readableDateTime(lead.createdAt) },
];

/** Local "yyyy-MM-dd HH:mm": spreadsheets read it as a date and time. */
function readableDateTime(iso: string | null): string {
  if (!iso) return "";
  const instant = parseISO(iso);
  return isValid(instant) ? format(instant, "yyyy-MM-dd HH:mm") : "";
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break,
 * quotes doubled. Text a spreadsheet would run as a formula (starting with
 * = + - @, or a tab / carriage return that some strip first) gets a leading
 * single quote, so an exported lead can never execute anything.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The leads as a CSV document that opens cleanly in a spreadsheet: a UTF-8
 * byte order mark (so Excel reads accents right), a header row, CRLF line ends.
 */
export function buildLeadsCsv(leads: readonly Lead[]): string {
  const rows = [columns.map((column) => column.header), ...leads.map((lead) => columns.map((column) => column.value(lead)))];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export function leadsCsvFilename(now = new Date()): string {
  return `crawlguard-leads-${format(now, "yyyy-MM-dd")}.csv`;
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(csv: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
