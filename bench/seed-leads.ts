// Plausible leads for the benches, inserted in ONE multi-row INSERT (column arrays unnested by the
// database): bench/leads (10,000 leads for GET /api/leads) and bench/board (the board at 50 and 5,000).
import type { Sql } from "@crawlguard/db";

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

const SERVICES = ["crawl-space", "basement", "foundation", "mold-remediation", "sump-pump", "french-drain", "consultation"];

export type SeedOptions = {
  /** Index of the first lead (names, emails and ages follow it). */
  from?: number;
  count: number;
  /** Email local part before the index, e.g. "lead" → lead17@example.com. */
  emailPrefix: string;
  /** Statuses, taken in turn. */
  statuses: readonly string[];
  /** First names, taken in turn (a list with accents exercises accent-blind search). */
  firstNames?: readonly string[];
  /** The scheduled date of lead `i` with status `status`, or null. */
  scheduled: (i: number, status: string, now: number) => Date | null;
};

/** Inserts `count` leads, newest first (lead i was created i minutes ago). */
export async function insertPlausibleLeads(sql: Sql, options: SeedOptions): Promise<void> {
  const { from = 0, count, emailPrefix, statuses, scheduled } = options;
  const firstNames = options.firstNames ?? ["Avery", "Jordan", "Morgan", "Riley", "Casey", "Quinn"];
  const cols = {
    name: [] as string[],
    email: [] as string[],
    phone: [] as (string | null)[],
    address: [] as (string | null)[],
    zip: [] as string[],
    service: [] as string[],
    status: [] as string[],
    priority: [] as string[],
    source: [] as string[],
    notes: [] as (string | null)[],
    value: [] as (string | null)[],
    scheduled: [] as (string | null)[],
    created: [] as string[],
  };
  const now = Date.now();
  for (let i = from; i < from + count; i++) {
    const status = pick(statuses, i);
    cols.name.push(`${pick(firstNames, i)} ${pick(["Smith", "Reynolds", "Owens", "Carter", "Hughes"], i * 7)} ${i}`);
    cols.email.push(`${emailPrefix}${i}@example.com`);
    cols.phone.push(i % 5 === 0 ? null : `(828) 555-${String(i % 10_000).padStart(4, "0")}`);
    cols.address.push(
      i % 3 === 0 ? null : `${(i % 900) + 10} ${pick(["Patton Ave", "Haywood Rd", "Merrimon Ave", "Tunnel Rd"], i)}, Asheville, NC`,
    );
    cols.zip.push(pick(["28801", "28803", "28804", "28806", "28704", "28715"], i));
    cols.service.push(pick(SERVICES, i));
    cols.status.push(status);
    cols.priority.push(pick(["low", "medium", "high"], i));
    cols.source.push(pick(["website", "google", "referral", "facebook", "phone", "other"], i));
    cols.notes.push(
      i % 2
        ? `Homeowner reports ${pick(["standing water", "musty odour", "sagging floors", "high humidity"], i)}; ${"details ".repeat(i % 12)}`.trim()
        : null,
    );
    cols.value.push(i % 4 ? String(((i * 37) % 150) * 100) : null);
    cols.scheduled.push(scheduled(i, status, now)?.toISOString() ?? null);
    cols.created.push(new Date(now - i * 60_000).toISOString());
  }
  await sql`
    INSERT INTO leads (name, email, phone, address, zip_code, service, status, priority, source, notes,
                       estimated_value, scheduled_date, created_at, updated_at)
    SELECT n, e, p, a, z, s, st, pr, so, no, v, sd, c, c
    FROM unnest(${cols.name}::text[], ${cols.email}::text[], ${cols.phone}::text[], ${cols.address}::text[],
                ${cols.zip}::text[], ${cols.service}::text[], ${cols.status}::text[], ${cols.priority}::text[],
                ${cols.source}::text[], ${cols.notes}::text[], ${cols.value}::text[], ${cols.scheduled}::timestamptz[],
                ${cols.created}::timestamptz[])
      AS t(n, e, p, a, z, s, st, pr, so, no, v, sd, c)`;
}

/**
 * `leads` leads, the last `appointments` of them scheduled (`<prefix>.appt<n>@…`, starting at
 * `at(k)` for the k-th appointment) and the rest without a date in the other statuses
 * (`<prefix>.lead<n>@…`): the Today and Crew benches' data.
 */
export async function insertLeadsWithAppointments(
  sql: Sql,
  { prefix, leads, appointments, at }: { prefix: string; leads: number; appointments: number; at: (k: number) => Date },
): Promise<void> {
  const undated = leads - appointments;
  await insertPlausibleLeads(sql, {
    count: undated,
    emailPrefix: `${prefix}.lead`,
    statuses: ["new", "contacted", "quoted", "won", "lost"],
    scheduled: () => null,
  });
  await insertPlausibleLeads(sql, {
    from: undated,
    count: appointments,
    emailPrefix: `${prefix}.appt`,
    statuses: ["scheduled"],
    scheduled: (i) => at(i - undated),
  });
}
