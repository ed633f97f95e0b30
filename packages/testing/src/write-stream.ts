// A stream of writes whose every outcome is recorded, and the check of what a database holds
// against that record. Used by the fault test (kill -9 mid-stream, then restart) and the load test.
//
// The record distinguishes three outcomes of a request: acknowledged (a 2xx answer arrived: the
// write must be there, exactly as answered), unknown (no answer: the process died with it in
// flight, so it may or may not have committed, but it must be whole or absent), and refused (any
// other status: never expected here, reported as a failure).
import type { ContactSubmission } from "@crawlguard/validators";
import { ApiClient, type Door } from "./harness.js";

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let addressCounter = 0;
/** A distinct client address per call (198.18.0.0/15, the benchmarking range), sent as X-Forwarded-For. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `198.${18 + ((addressCounter >> 16) & 1)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A contact form as a visitor sends it, every field filled so a partial row would show. */
export interface ContactForm {
  name: string;
  email: string;
  phone: string;
  address: string;
  zipCode: string;
  service: string;
  message: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent: string;
  referrer: string;
  landingPage: string;
  elapsedMs: number;
}

/** A unique, complete, valid contact form; `tag` becomes part of the email (tag@domain). */
export function contactForm(tag: string, domain: string): ContactForm {
  return {
    name: `Pat Homeowner ${tag}`,
    email: `${tag}@${domain}`,
    phone: "(828) 555-0147",
    address: `${tag.length + 10} Haywood Rd, Asheville`,
    zipCode: "28806",
    service: "crawl-space-encapsulation",
    message: `Standing water in the crawl space (${tag})`,
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "fault-stream",
    utmContent: tag,
    referrer: "https://www.google.com/",
    landingPage: `/contact?utm_source=google&ref=${tag}`,
    elapsedMs: 12_000,
  };
}

/** The stored submission's form fields, as GET /api/contact-submissions answers them. */
export type StoredSubmission = Omit<ContactSubmission, "createdAt" | "leadId" | "existingLead">;

/** The differences between a stored submission and the form that was sent (empty when whole). */
export function submissionMismatches(row: StoredSubmission, form: ContactForm): string[] {
  const expected: Omit<StoredSubmission, "id"> = {
    name: form.name,
    email: form.email,
    phone: form.phone,
    address: form.address,
    zipCode: form.zipCode,
    service: form.service,
    message: form.message,
    utmSource: form.utmSource,
    utmMedium: form.utmMedium,
    utmCampaign: form.utmCampaign,
    utmTerm: null,
    utmContent: form.utmContent,
    referrer: form.referrer,
    landingPage: form.landingPage,
    source: null,
  };
  return (Object.keys(expected) as (keyof typeof expected)[])
    .filter((key) => row[key] !== expected[key])
    .map((key) => `${form.email} ${key}: stored ${JSON.stringify(row[key])}, sent ${JSON.stringify(expected[key])}`);
}

/** The fields the stream changes on a lead. Every version sets notes and value, so a row names its version. */
export interface LeadState {
  status: string;
  notes: string;
  estimatedValue: string;
  scheduledDate: string | null;
}

export interface TimelineEntry {
  kind: string;
  from: string | null;
  to: string | null;
}

export interface TrackedLead {
  id: string;
  /** states[v]: the lead after version v (0: as created). */
  states: LeadState[];
  /** The newest version whose write was acknowledged (or found stored by an earlier check). */
  acked: number;
  /** A version sent without an answer: acked + 1, or null. */
  unknown: number | null;
}

export type WriteKind = "contact" | "lead update" | "booking";

export interface TrackedContact {
  form: ContactForm;
  /** acked: a 2xx arrived, or an earlier check found it stored; unknown: no answer yet checked; absent: checked, not stored. */
  state: "acked" | "unknown" | "absent";
}

export interface StreamCounts {
  acked: Record<WriteKind, number>;
  unknown: Record<WriteKind, number>;
}

const zeroCounts = (): Record<WriteKind, number> => ({ contact: 0, "lead update": 0, booking: 0 });

const LEAD_STATUSES = ["contacted", "quoted", "in-progress", "new", "won", "lost"] as const;

/** The timeline entries an update from `before` to `after` records (the order of diffLead). */
function changes(before: LeadState, after: LeadState): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  if (before.status !== after.status) entries.push({ kind: "status", from: before.status, to: after.status });
  if (before.estimatedValue !== after.estimatedValue)
    entries.push({ kind: "value", from: before.estimatedValue, to: after.estimatedValue });
  if (before.scheduledDate !== after.scheduledDate) entries.push({ kind: "schedule", from: before.scheduledDate, to: after.scheduledDate });
  // Notes are history too; the stream never changes priority or the assignee.
  if (before.notes !== after.notes) entries.push({ kind: "notes", from: before.notes, to: after.notes });
  return entries;
}

/** The whole timeline of a lead at `version`: created, then every change in order. */
export function expectedTimeline(lead: TrackedLead, version: number): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ kind: "created", from: null, to: lead.states[0]!.status }];
  for (let v = 1; v <= version; v++) entries.push(...changes(lead.states[v - 1]!, lead.states[v]!));
  return entries;
}

export const INITIAL_LEAD: LeadState = { status: "new", notes: "v0", estimatedValue: "1000", scheduledDate: null };

/**
 * The record of every write sent through the API: leads (created through the API, then updated and
 * booked) and contact submissions. Leads are split among workers, so each lead has at most one
 * write in flight, and "at least as new as the last acknowledged" has one exact meaning: the
 * stored version is the acknowledged one, or the one that was in flight when the process died.
 */
export class WriteLedger {
  leads: TrackedLead[] = [];
  contacts: TrackedContact[] = [];
  /** Requests answered with anything but 2xx (method path status body): each is a failure. */
  refused: string[] = [];
  counts: StreamCounts = { acked: zeroCounts(), unknown: zeroCounts() };
  private contactCounter = 0;

  constructor(
    readonly random: () => number,
    /** Emails of this ledger's submissions end with @domain, so a check can tell them apart. */
    readonly domain: string,
  ) {}

  async createLeads(staff: ApiClient, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const res = await staff.call("rest", "leads.create", {
        name: `Stream Lead ${i}`,
        email: `lead${i}@${this.domain}`,
        zipCode: "28801",
        service: "crawl-space",
        ...INITIAL_LEAD,
      });
      if (res.status !== 200) throw new Error(`leads.create answered ${res.status}: ${JSON.stringify(res.body)}`);
      this.leads.push({ id: (res.body as { id: string }).id, states: [{ ...INITIAL_LEAD }], acked: 0, unknown: null });
    }
  }

  private nextLeadState(lead: TrackedLead, kind: "lead update" | "booking"): { patch: Record<string, unknown>; state: LeadState } {
    const version = lead.states.length;
    const before = lead.states[version - 1]!;
    const common = { notes: `v${version}`, estimatedValue: String(1000 + version) };
    if (kind === "booking") {
      // A booking today is a lead update with a date and the status "scheduled".
      const scheduledDate = new Date(Date.UTC(2031, 0, 6, 13) + version * 3_600_000).toISOString();
      const patch = { ...common, status: "scheduled", scheduledDate };
      return { patch, state: { ...before, ...patch } };
    }
    const status = LEAD_STATUSES[Math.floor(this.random() * LEAD_STATUSES.length)]!;
    const unbook = before.scheduledDate !== null && this.random() < 0.3;
    const patch = { ...common, status, ...(unbook ? { scheduledDate: null } : {}) };
    return { patch, state: { ...before, ...patch } };
  }

  /** One lead write: the next version of `lead`, through `door`. False when no answer came, or a 5xx. */
  async writeLead(staff: ApiClient, lead: TrackedLead, kind: "lead update" | "booking", door: Door): Promise<boolean> {
    // Its fate must be learnt first: only then does "the version after it" have a meaning.
    if (lead.unknown !== null) throw new Error(`lead ${lead.id} still has v${lead.unknown} in flight`);
    const { patch, state } = this.nextLeadState(lead, kind);
    const version = lead.states.length;
    lead.states.push(state);
    lead.unknown = version;
    let res;
    try {
      res = await staff.call(door, "leads.update", { id: lead.id, ...patch });
    } catch {
      this.counts.unknown[kind] += 1;
      return false;
    }
    if (res.status !== 200) {
      this.refused.push(`PATCH lead ${lead.id} v${version} (${door}): ${res.status} ${JSON.stringify(res.body)}`);
      // A 5xx may or may not have happened: it stays in flight (verify learns its fate) and this
      // writer stops, as when no answer came. A 4xx did not happen: the version is not written.
      if (res.status >= 500) return false;
      lead.states.pop();
      lead.unknown = null;
      return true;
    }
    const body = res.body as Partial<LeadState>;
    if (body.notes !== state.notes || body.estimatedValue !== state.estimatedValue) {
      this.refused.push(`PATCH lead ${lead.id} v${version} answered another version: ${JSON.stringify(body)}`);
    }
    lead.acked = version;
    lead.unknown = null;
    this.counts.acked[kind] += 1;
    return true;
  }

  /** One contact submission from an address of its own. False when no answer came. */
  async submitContact(baseUrl: string, door: Door, tagPrefix: string): Promise<boolean> {
    this.contactCounter += 1;
    const form = contactForm(`${tagPrefix}${this.contactCounter}`, this.domain);
    const tracked: TrackedContact = { form, state: "unknown" };
    this.contacts.push(tracked);
    const visitor = new ApiClient(baseUrl, { headers: { "x-forwarded-for": nextClientAddress() } });
    let res;
    try {
      res = await visitor.call(door, "contact.submit", { ...form });
    } catch {
      this.counts.unknown.contact += 1;
      return false;
    }
    if (res.status !== 200 || (res.body as { success?: boolean }).success !== true) {
      this.refused.push(`contact ${form.email} (${door}): ${res.status} ${JSON.stringify(res.body)}`);
      return true;
    }
    tracked.state = "acked";
    this.counts.acked.contact += 1;
    return true;
  }

  /**
   * Checks everything the server holds against the record, then folds what it found into the
   * record (an unknown write found stored counts as acknowledged from now on; one found missing
   * must stay missing). Returns the failures, empty when the data is whole.
   */
  async verify(staff: ApiClient): Promise<string[]> {
    const failures: string[] = [];
    const leadsRes = await staff.call("rest", "leads.list");
    if (leadsRes.status !== 200) return [`GET /api/leads answered ${leadsRes.status}`];
    const stored = new Map((leadsRes.body as (LeadState & { id: string; email: string })[]).map((l) => [l.id, l]));
    const ours = [...stored.values()].filter((l) => l.email.endsWith(`@${this.domain}`));
    if (ours.length !== this.leads.length) failures.push(`${ours.length} leads stored, ${this.leads.length} created`);

    for (const lead of this.leads) {
      const row = stored.get(lead.id);
      if (!row) {
        failures.push(`lead ${lead.id} is missing`);
        continue;
      }
      const version = Number(/^v(\d+)$/.exec(row.notes)?.[1] ?? NaN);
      const allowed = lead.unknown === null ? [lead.acked] : [lead.acked, lead.unknown];
      if (!allowed.includes(version)) {
        failures.push(
          `lead ${lead.id} holds version ${row.notes}; acknowledged v${lead.acked}${lead.unknown === null ? "" : `, in flight v${lead.unknown}`}`,
        );
        continue;
      }
      const expected = lead.states[version]!;
      const actual: LeadState = {
        status: row.status,
        notes: row.notes,
        estimatedValue: row.estimatedValue,
        scheduledDate: row.scheduledDate,
      };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        failures.push(`lead ${lead.id} v${version} is half-written: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
      }
      const timeline = await staff.call("rest", "leads.timeline", { id: lead.id });
      const entries = (timeline.body as TimelineEntry[]).map(({ kind, from, to }) => ({ kind, from, to }));
      const expectedEntries = expectedTimeline(lead, version);
      if (JSON.stringify(entries) !== JSON.stringify(expectedEntries)) {
        failures.push(`lead ${lead.id} v${version}: timeline ${JSON.stringify(entries)}, expected ${JSON.stringify(expectedEntries)}`);
      }
      // What is stored is the new baseline; later versions are built on it.
      lead.states.length = version + 1;
      lead.acked = version;
      lead.unknown = null;
    }

    const subsRes = await staff.call("rest", "submissions.list");
    if (subsRes.status !== 200) return [...failures, `GET /api/contact-submissions answered ${subsRes.status}`];
    const rows = (subsRes.body as StoredSubmission[]).filter((s) => s.email.endsWith(`@${this.domain}`));
    const byEmail = new Map<string, StoredSubmission[]>();
    for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
    const sent = new Set(this.contacts.map((c) => c.form.email));
    for (const email of byEmail.keys()) if (!sent.has(email)) failures.push(`submission ${email} was never sent`);
    for (const contact of this.contacts) {
      const found = byEmail.get(contact.form.email) ?? [];
      if (found.length > 1) failures.push(`submission ${contact.form.email} stored ${found.length} times`);
      if (contact.state === "acked" && found.length === 0) failures.push(`acknowledged submission ${contact.form.email} is missing`);
      if (contact.state === "absent" && found.length > 0)
        failures.push(`submission ${contact.form.email} appeared after it was found missing`);
      for (const row of found) failures.push(...submissionMismatches(row, contact.form));
      if (contact.state === "unknown") contact.state = found.length ? "acked" : "absent";
    }
    return failures;
  }
}

/**
 * Runs `workers` writers until `stopped()` is true. Each writer owns its share of the leads (one
 * write in flight per lead) and picks at random: a contact submission (40 %), a lead update (35 %)
 * or a booking (25 %), through either door. A writer stops at its first request without an answer
 * (the server is gone): that write stays unknown until `verify` looks at the database.
 */
export async function streamWrites(
  ledger: WriteLedger,
  staff: ApiClient,
  { workers, stopped, tagPrefix }: { workers: number; stopped: () => boolean; tagPrefix: string },
): Promise<void> {
  const random = ledger.random;
  const writer = async (w: number) => {
    const mine = ledger.leads.filter((_, i) => i % workers === w);
    while (!stopped()) {
      const door: Door = random() < 0.5 ? "rest" : "trpc";
      const r = random();
      const answered =
        r < 0.4 || mine.length === 0
          ? await ledger.submitContact(staff.baseUrl, door, `${tagPrefix}w${w}n`)
          : await ledger.writeLead(staff, mine[Math.floor(random() * mine.length)]!, r < 0.75 ? "lead update" : "booking", door);
      if (!answered) return;
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => writer(w)));
}
