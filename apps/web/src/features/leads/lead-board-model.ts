import { type Lead, parseEstimatedValue } from "@crawlguard/validators";
import { searchText } from "../../lib/search-text";

export type LeadStatus = Lead["status"];
export type LeadPriority = Lead["priority"];

/** The six board columns (docs/product.md "Screens and routes"), in display order; each is also a status. */
export const boardColumns = [
  { id: "new", title: "New Leads" },
  { id: "contacted", title: "Contacted" },
  { id: "scheduled", title: "Scheduled" },
  { id: "quoted", title: "Quoted" },
  { id: "won", title: "Won" },
  { id: "lost", title: "Lost" },
] as const satisfies ReadonlyArray<{ id: LeadStatus; title: string }>;

export type ColumnId = (typeof boardColumns)[number]["id"];

export const statusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  scheduled: "Scheduled",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
  "in-progress": "In Progress",
  completed: "Completed",
};

/** Status filter options (docs/product.md "Screens and routes"): "all" plus the six board statuses. */
export const statusFilterOptions: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: "all", label: "All Status" },
  ...boardColumns.map((column) => ({ value: column.id, label: statusLabels[column.id] })),
];

export type StatusFilter = "all" | ColumnId;

export const priorityOptions: ReadonlyArray<{ value: LeadPriority; label: string }> = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
];

/** docs/product.md "Business constants and limits": high red, medium yellow, low green. */
export const priorityPalette: Record<LeadPriority, "red" | "yellow" | "green"> = {
  high: "red",
  medium: "yellow",
  low: "green",
};

export const statusPalette: Record<LeadStatus, string> = {
  new: "blue",
  contacted: "orange",
  scheduled: "brand",
  quoted: "yellow",
  won: "green",
  lost: "gray",
  "in-progress": "brand",
  completed: "green",
};

/**
 * The column a lead sits in. The calendar's extra statuses have no column of
 * their own: in-progress work is shown with Scheduled, completed work with Won,
 * so no lead ever drops off the board.
 */
export function columnOf(status: LeadStatus): ColumnId {
  if (status === "in-progress") return "scheduled";
  if (status === "completed") return "won";
  return status;
}

export type LeadFilter = { search: string; status: StatusFilter };

export const emptyLeadFilter: LeadFilter = { search: "", status: "all" };

const digitsOf = (value: string) => value.replace(/\D/g, "");

type SearchKey = { name: string; email: string; phone: string; phoneDigits: string };
type Searchable = Pick<Lead, "name" | "email" | "phone">;

/**
 * Each lead's text as the search compares it, prepared once per lead object: normalising
 * thousands of names and emails again on every keystroke was most of a search's cost. The
 * cache holds lead objects weakly, and the list's cache replaces a lead object when it changes.
 */
const searchKeys = new WeakMap<object, SearchKey>();

function searchKeyOf(lead: Searchable): SearchKey {
  let key = searchKeys.get(lead);
  if (!key) {
    const phone = lead.phone ?? "";
    key = { name: searchText(lead.name), email: searchText(lead.email), phone: phone.toLowerCase(), phoneDigits: digitsOf(phone) };
    searchKeys.set(lead, key);
  }
  return key;
}

/** How much of an idle period the preparation below may use, at the most. */
type IdleDeadline = { timeRemaining(): number };
export type IdleScheduler = (work: (deadline: IdleDeadline) => void) => () => void;

/** requestIdleCallback, or a timeout's worth of slices where there is none (Safari). */
const browserIdle: IdleScheduler = (work) => {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const started = performance.now();
  const id = setTimeout(() => work({ timeRemaining: () => Math.max(0, 8 - (performance.now() - started)) }), 50);
  return () => clearTimeout(id);
};

/**
 * Prepares the search text of `leads` while the browser is idle, a slice at a time, so that the
 * first keystroke of a search finds it ready (at 5,000 leads, preparing it all was most of that
 * keystroke). Returns a function that stops it; leads prepared by then stay prepared.
 */
export function prepareSearch(leads: readonly Searchable[], schedule: IdleScheduler = browserIdle): () => void {
  let next = 0;
  let cancel = () => {};
  const slice = (deadline: IdleDeadline) => {
    do {
      const end = Math.min(leads.length, next + 100);
      for (; next < end; next += 1) searchKeyOf(leads[next]!);
    } while (next < leads.length && deadline.timeRemaining() > 1);
    if (next < leads.length) cancel = schedule(slice);
  };
  cancel = schedule(slice);
  return () => cancel();
}

/** Search (name, email or phone; case, accents and phone punctuation ignored) and status filter of the board. */
export function filterLeads<T extends Searchable & Pick<Lead, "status">>(leads: readonly T[], { search, status }: LeadFilter): T[] {
  const query = searchText(search.trim());
  if (!query && status === "all") return leads as T[];
  const queryDigits = digitsOf(query);
  // Digits only count as a phone search when the query is mostly a number:
  // "Unit 4" should not match every phone containing a 4.
  const phoneSearch = queryDigits.length >= 3 && /^[\d\s()+.-]+$/.test(query);
  return leads.filter((lead) => {
    if (status !== "all" && columnOf(lead.status) !== status) return false;
    if (!query) return true;
    const key = searchKeyOf(lead);
    if (key.name.includes(query) || key.email.includes(query) || key.phone.includes(query)) return true;
    return phoneSearch && key.phoneDigits.includes(queryDigits);
  });
}

/**
 * A column's leads and dollar total. `count` is what its badge says: every card the column shows,
 * so the badge, the cards and the stat cards agree (a search included). `unbooked` says how many of
 * the Scheduled column's cards have no appointment yet (a status set by hand, or a date cleared):
 * they are Scheduled leads, shown and counted there, and the column says they still need a booking.
 */
export type BoardColumnData<T> = { id: ColumnId; title: string; leads: T[]; total: number; count: number; unbooked: number };

/** Whether a lead has an appointment. */
export function isBooked(lead: { scheduledDate?: string | null | undefined }): boolean {
  return Boolean(lead.scheduledDate);
}

/** Leads per column, in the list's order (newest first), with their count and the sum of their estimated values. */
export function groupByColumn<T extends Pick<Lead, "status" | "estimatedValue"> & { scheduledDate?: string | null | undefined }>(
  leads: readonly T[],
): BoardColumnData<T>[] {
  const byColumn = new Map<ColumnId, T[]>(boardColumns.map((column) => [column.id, []]));
  for (const lead of leads) byColumn.get(columnOf(lead.status))?.push(lead);
  return boardColumns.map((column) => {
    const columnLeads = byColumn.get(column.id) ?? [];
    return {
      id: column.id,
      title: column.title,
      leads: columnLeads,
      total: sumEstimatedValues(columnLeads),
      count: columnLeads.length,
      unbooked: column.id === "scheduled" ? columnLeads.filter((lead) => !isBooked(lead)).length : 0,
    };
  });
}

/** Each lead's value in cents, read once per lead object (every search sums every column again). */
const centsOfLead = new WeakMap<object, number>();

function centsOf(lead: Pick<Lead, "estimatedValue">): number {
  let cents = centsOfLead.get(lead);
  if (cents === undefined) {
    cents = Math.round(parseEstimatedValue(lead.estimatedValue) * 100);
    centsOfLead.set(lead, cents);
  }
  return cents;
}

export function sumEstimatedValues(leads: ReadonlyArray<Pick<Lead, "estimatedValue">>): number {
  // Cents, so 0.1 + 0.2 adds up like money does.
  const cents = leads.reduce((sum, lead) => sum + centsOf(lead), 0);
  return cents / 100;
}

/**
 * `next`, except that a column whose leads are the same objects in the same order as in
 * `previous` is `previous`'s column object itself. Memoised columns then skip rendering: a drop
 * or an inline edit re-renders the one or two columns it changed, not all six.
 */
export function keepUnchangedColumns<T>(
  previous: readonly BoardColumnData<T>[] | undefined,
  next: BoardColumnData<T>[],
): BoardColumnData<T>[] {
  if (!previous) return next;
  return next.map((column) => {
    const before = previous.find((candidate) => candidate.id === column.id);
    if (!before || before.total !== column.total || before.leads.length !== column.leads.length) return column;
    for (let i = 0; i < column.leads.length; i += 1) if (before.leads[i] !== column.leads[i]) return column;
    return before;
  });
}

const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** "$12,500", or "$3,500.50" when there are cents. */
export function formatCurrency(value: number): string {
  return Number.isInteger(value) ? wholeDollars.format(value) : withCents.format(value);
}

export type LeadStats = { total: number; new: number; scheduled: number; won: number };

/**
 * The four stat cards (docs/product.md "Screens and routes"), counting what the board's columns count:
 * New is the New Leads column, Scheduled the Scheduled column (in progress included, with or
 * without an appointment yet), Won the Won column (completed included); Total every lead given.
 */
export function leadStats(leads: ReadonlyArray<Pick<Lead, "status">>): LeadStats {
  const stats: LeadStats = { total: leads.length, new: 0, scheduled: 0, won: 0 };
  for (const lead of leads) {
    const column = columnOf(lead.status);
    if (column === "new") stats.new += 1;
    else if (column === "scheduled") stats.scheduled += 1;
    else if (column === "won") stats.won += 1;
  }
  return stats;
}

/** `text` cut to `max` characters with "..." when longer (notes 100, messages 200: docs/product.md "Business constants and limits"). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
