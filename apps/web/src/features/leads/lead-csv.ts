import { formatPhone, getServiceLabel } from "@crawlguard/content";
import type { Lead } from "@crawlguard/validators";
import { formatInZone } from "../../lib/business-time";
import { priorityOptions, statusLabels } from "./lead-board-model";
import { sourceLabel } from "./lead-form-model";

type CsvValue = string | number | null | undefined;

const priorityLabels = Object.fromEntries(priorityOptions.map((o) => [o.value, o.label])) as Record<Lead["priority"], string>;

/** Display names of the people appointments are for, by user id (the staff list). */
export type AssigneeNames = ReadonlyMap<string, string>;

/**
 * One form throughout: what the dashboard shows (labels, not codes; phones as (828) 555-0100; the
 * assignee by the name the calendar shows), dates and times on the business's clock whatever the
 * computer's zone, amounts as numbers. The lead's id last, to match rows with the API's.
 */
function columns(zone: string, names: AssigneeNames): ReadonlyArray<{ header: string; value: (lead: Lead) => CsvValue }> {
  const dateTime = (iso: string | null) => readableDateTime(iso, zone);
  return [
    { header: "Name", value: (lead) => lead.name },
    { header: "Email", value: (lead) => lead.email },
    { header: "Phone", value: (lead) => (lead.phone ? formatPhone(lead.phone) : "") },
    { header: "Address", value: (lead) => lead.address },
    { header: "Zip Code", value: (lead) => lead.zipCode },
    { header: "Service", value: (lead) => getServiceLabel(lead.service) },
    { header: "Status", value: (lead) => statusLabels[lead.status] },
    { header: "Priority", value: (lead) => priorityLabels[lead.priority] },
    { header: "Lead Source", value: (lead) => sourceLabel(lead.source) },
    { header: "Estimated Value", value: (lead) => lead.estimatedValue },
    { header: "Scheduled", value: (lead) => dateTime(lead.scheduledDate) },
    { header: "Assigned To", value: (lead) => assigneeOf(lead, names) },
    { header: "Notes", value: (lead) => lead.notes },
    { header: "Created", value: (lead) => dateTime(lead.createdAt) },
    { header: "Lead ID", value: (lead) => lead.id },
  ];
}

/** The assignee's display name; their username while the staff list does not name them; blank when unassigned. */
function assigneeOf(lead: Lead, names: AssigneeNames): string {
  if (!lead.assignedTo) return "";
  return names.get(lead.assignedTo) ?? lead.assigneeName ?? "";
}

/** "yyyy-MM-dd HH:mm" in the business zone: spreadsheets read it as a date and time. */
function readableDateTime(iso: string | null, zone: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? "" : formatInZone(ms, "yyyy-MM-dd HH:mm", zone);
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
export function buildLeadsCsv(leads: readonly Lead[], zone: string, names: AssigneeNames = new Map()): string {
  const cols = columns(zone, names);
  const rows = [cols.map((column) => column.header), ...leads.map((lead) => cols.map((column) => column.value(lead)))];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** Named with the business's date today. */
export function leadsCsvFilename(zone: string, now = Date.now()): string {
  return `crawlguard-leads-${formatInZone(now, "yyyy-MM-dd", zone)}.csv`;
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
