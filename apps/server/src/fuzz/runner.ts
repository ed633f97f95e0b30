/**
 * The fuzz loop: fast-check generates request specs from the served OpenAPI document (seeded,
 * so index i of seed s is always the same request), each is sent, its answer checked, and the
 * stored data compared before and after every refused request.
 */
import fc from "fast-check";
import { header, headerAll, send, type WireResponse } from "./http.js";
import { apiInspector, changedTables, databaseInspector, type Inspector } from "./inspect.js";
import { answeredUser, checkResponse, underTheDoors, type Violation } from "./invariants.js";
import { fetchOperations, referencedCollectionsOf, type Operation } from "./operations.js";
import { requestSpecArbitrary, type RequestSpec } from "./spec.js";
import { buildRequest, type BuiltRequest } from "./wire.js";
import { tokenFromSetCookie, World, type WorldOptions } from "./world.js";
import type { Sql } from "@crawlguard/db";

/**
 * When to compare the stored data before and after a request:
 * - "all": after every request; any refused request and any GET/HEAD/OPTIONS must change nothing.
 * - "mutations": around requests with a body-carrying method only (one digest per such request).
 * - "off": never (e.g. several requests in flight).
 */
export type DigestMode = "all" | "mutations" | "off";

export interface RunOptions extends WorldOptions {
  baseUrl: string;
  seed: number;
  requests: number;
  /** The server's database, when the fuzzer started the server: digests come from the tables. */
  sql?: Sql;
  digest?: DigestMode;
  /** GET /api/health after every this many requests (and at the end). */
  healthEvery?: number;
  timeoutMs?: number;
  /** Wait this long before the digest after an answer from Node's HTTP parser (default 40 ms). */
  settleMs?: number;
  /** Only these indexes (a replay of earlier findings). */
  only?: number[];
  /** Stop early after this many violations. */
  maxFailures?: number;
  log?: (line: string) => void;
  /** Log every request (index, door, role, operation, transport, status, time). */
  trace?: boolean;
  /** Called between requests; a non-empty answer is recorded as a crash (e.g. an uncaught exception in this process). */
  crashes?: () => string[];
}

export interface Finding extends Violation {
  seed: number;
  index: number;
  op: string;
  door: string;
  role: string;
  kind: string;
  transport: string;
  request: string;
  status: number;
  response: string;
  replay: string;
}

export interface RunReport {
  seed: number;
  requests: number;
  durationMs: number;
  digests: number;
  /** Time spent outside the fuzzed requests: digests, and listings and sessions of the cast. */
  digestMs: number;
  bookkeepingMs: number;
  digestMode: DigestMode;
  inspector: Inspector["kind"];
  operations: number;
  /** door → role → status → count */
  byDoorRole: Record<string, Record<string, Record<string, number>>>;
  /** operation → status → count */
  byOperation: Record<string, Record<string, number>>;
  byKind: Record<string, number>;
  /** transport mutation → status → count */
  byTransport: Record<string, Record<string, number>>;
  /** Answers from Node's HTTP parser (malformed requests the app never saw). */
  protocolRejections: number;
  /** Error answers whose body is JSON but whose Content-Type says otherwise, by status. */
  mislabelledErrors: Record<string, number>;
  findings: Finding[];
  notes: string[];
  /** The admin account, when this run registered it (the server was new). */
  admin?: { email: string; password: string };
}

const SESSION_CHANGING = new Set(["auth.login", "auth.register", "auth.logout", "users.delete", "users.resetPassword"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BATCH = 100;
const REFRESH_EVERY = 4;

function bump<T extends Record<string, number>>(map: T, key: string): void {
  (map as Record<string, number>)[key] = (map[key] ?? 0) + 1;
}

export function describeTransport(spec: RequestSpec): string {
  const t = spec.transport;
  const parts = Object.entries(t).map(
    ([k, v]) => `${k}=${Array.isArray(v) ? v.map(([h, x]) => `${h}:${x.length > 40 ? `${x.slice(0, 40)}…` : x}`).join(",") : String(v)}`,
  );
  return parts.join(" ") || "plain";
}

function describeRequest(built: BuiltRequest): string {
  const { wire } = built;
  const target = wire.target.length > 300 ? `${wire.target.slice(0, 300)}… (${wire.target.length} chars)` : wire.target;
  const headers = wire.headers
    .filter(([k]) => !/^(host|connection|user-agent)$/i.test(k))
    .slice(0, 12)
    .map(([k, v]) => `${k}: ${v.length > 80 ? `${v.slice(0, 80)}…` : v}`)
    .join(" | ");
  const body = wire.body
    ? `${JSON.stringify(wire.body.subarray(0, 240).toString("latin1"))}${wire.body.length > 240 ? `… (${wire.body.length} bytes)` : ""}`
    : "none";
  return `${wire.method} ${target} [${headers}] body=${body}`;
}

/** The spec at `index` for `seed`: what fc.assert's run `index` would generate (fast-check's seed + path). */
export function specsAt(operations: Operation[], seed: number, start: number, count: number): RequestSpec[] {
  return fc.sample(requestSpecArbitrary(operations), { seed, path: String(start), numRuns: count });
}

export async function runFuzz(options: RunOptions): Promise<RunReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const digestMode = options.digest ?? "all";
  const healthEvery = options.healthEvery ?? 50;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const { operations } = await fetchOperations(options.baseUrl);
  const opsById = new Map(operations.map((o) => [o.operationId, o]));
  const opsForWire = new Map(operations.map((o) => [o.procedure, o]));

  const world = new World(options.baseUrl, options);
  world.inspector = options.sql
    ? databaseInspector(options.sql)
    : apiInspector(async (path) => {
        let res = await world.api("GET", path, undefined, world.accounts.admin.token);
        // A fuzzed request may have ended the admin's session (even one answered 400).
        if (res.status === 401) {
          await world.ensureRoles();
          res = await world.api("GET", path, undefined, world.accounts.admin.token);
        }
        return { status: res.status, text: res.text };
      });
  const inspector = world.inspector;
  world.collections = referencedCollectionsOf(operations);
  await world.setup();

  const report: RunReport = {
    seed: options.seed,
    requests: 0,
    durationMs: 0,
    digests: 0,
    digestMs: 0,
    bookkeepingMs: 0,
    digestMode,
    inspector: inspector.kind,
    operations: operations.length,
    byDoorRole: {},
    byOperation: {},
    byKind: {},
    byTransport: {},
    protocolRejections: 0,
    mislabelledErrors: {},
    findings: [],
    notes: [],
  };
  let lastDigest: Record<string, string> | null = null;
  let previousParserRejection = -1;
  let refreshDue = false;
  let lastRefresh = -REFRESH_EVERY;
  const settleMs = options.settleMs ?? 40;
  const digest = async () => {
    report.digests += 1;
    const t = performance.now();
    const d = await inspector.digest();
    report.digestMs += performance.now() - t;
    return d;
  };
  const bookkeeping = async <T>(work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      report.bookkeepingMs += performance.now() - t;
    }
  };

  const record = (v: Violation, index: number, spec: RequestSpec | null, built: BuiltRequest | null, res: WireResponse | null) => {
    report.findings.push({
      ...v,
      seed: options.seed,
      index,
      op: spec?.op ?? "-",
      door: spec?.door ?? "-",
      role: spec?.role ?? "-",
      kind: spec?.kind ?? "-",
      transport: spec ? describeTransport(spec) : "-",
      request: built ? describeRequest(built) : "-",
      status: res?.status ?? 0,
      response: res ? `${res.failure ? `[${res.failure}] ` : ""}${res.text.slice(0, 300)}` : "-",
      replay: `npm run fuzz -- --seed ${options.seed} --only ${index}`,
    });
    log(`  ✗ #${index} ${v.invariant}: ${v.detail} — ${spec?.door ?? ""} ${spec?.role ?? ""} ${spec?.op ?? ""} → ${res?.status ?? "-"}`);
  };

  const health = async (index: number) => {
    const res = await send(
      world.endpoint,
      {
        method: "GET",
        target: "/api/health",
        headers: [
          ["Host", world.host],
          ["Connection", "close"],
        ],
        body: null,
      },
      timeoutMs,
    );
    if (res.status !== 200 || !res.text.includes('"ok"')) {
      record({ invariant: "health", detail: `GET /api/health answered ${res.status || res.failure}` }, index, null, null, res);
      return false;
    }
    return true;
  };

  const execute = async (spec: RequestSpec, index: number) => {
    const op = opsById.get(spec.op);
    if (!op) throw new Error(`Unknown operation ${spec.op}`);
    // Ids and secrets are re-read after changes, at most every few requests (listings cost time).
    if (refreshDue && index - lastRefresh >= REFRESH_EVERY) {
      await bookkeeping(() => world.refresh());
      // The refresh may have made invitations for the pool: the next digest starts after them.
      lastDigest = null;
      refreshDue = false;
      lastRefresh = index;
    }
    const requester = world.accountOf(spec.role);
    const built = buildRequest(spec, op, {
      host: world.host,
      origin: world.origin,
      cookieFor: (role) => world.cookieFor(role),
      sessionIdFor: (role) => world.sessionIdFor(role),
      pools: world.pools,
      clientIp: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      operations: opsForWire,
    });
    const safe = SAFE_METHODS.has(built.wire.method.toUpperCase());
    const watch = digestMode === "all" || (digestMode === "mutations" && !safe);
    if (watch && !lastDigest) lastDigest = await digest();

    const res = await send(world.endpoint, built.wire, timeoutMs);
    report.requests += 1;
    const status = res.status === 0 ? `none:${res.failure ?? "closed"}` : String(res.status);
    const byDoor = (report.byDoorRole[spec.door] ??= {});
    bump((byDoor[spec.role] ??= {}), res.status === 0 ? status : `${String(res.status)[0]}xx`);
    bump((report.byOperation[op.procedure] ??= {}), status);
    bump(report.byKind, spec.kind);
    for (const [k, v] of Object.entries(spec.transport))
      bump((report.byTransport[`${k}=${Array.isArray(v) ? v.map(([h]) => h).join("+") : String(v)}`] ??= {}), status);
    if (res.status >= 400 && !res.headers.some(([k]) => k === "x-request-id")) report.protocolRejections += 1;
    else if (res.status >= 400 && res.text && underTheDoors(built.wire.target) && !/json/i.test(header(res, "content-type") ?? ""))
      bump(report.mislabelledErrors, `${res.status} ${header(res, "content-type") ?? "none"}`);

    if (options.trace) {
      log(
        `  #${index} ${spec.door} ${spec.role} ${op.procedure} ${spec.kind} [${describeTransport(spec)}] ${built.wire.method} ${built.wire.target.slice(0, 100)} → ${status} ${res.durationMs.toFixed(0)} ms`,
      );
    }
    for (const v of checkResponse({ spec, op, built, res, secrets: world.secrets, requester })) record(v, index, spec, built, res);

    const rejected = res.status === 0 || res.status >= 400;
    const byParser = rejected && !header(res, "x-request-id");
    if (watch) {
      // Node's parser can answer 400 while the app still runs the request it already dispatched:
      // give that work a moment to land, so a change is pinned on this request and not the next.
      if (byParser) await new Promise((r) => setTimeout(r, settleMs));
      // After an accepted change the next request takes a fresh digest first.
      const after = rejected || safe ? await digest() : null;
      if (after) {
        const changed = changedTables(lastDigest!, after);
        if (changed.length) {
          const what = rejected
            ? `a refused (${res.status}${byParser ? " from Node's HTTP parser" : ""}) request`
            : `a ${built.wire.method} request`;
          const previous = previousParserRejection === index - 1 ? ` (or #${index - 1} before it, also refused by the parser)` : "";
          record({ invariant: "state-change", detail: `${what} changed ${changed.join(", ")}${previous}` }, index, spec, built, res);
        }
      }
      lastDigest = after;
    } else if (!safe && !rejected) {
      lastDigest = null;
    }

    // Learn what a successful request created: new sessions, accounts, passwords, records.
    if (!rejected && !safe) {
      const self = answeredUser(op, res);
      if (self) world.learnUser(self.id);
      for (const token of headerAll(res, "set-cookie").map((l) => tokenFromSetCookie([l]))) {
        if (token) world.learnToken(token, self?.id ?? "fuzzed-session");
      }
      if (op.procedure === "users.resetPassword" && res.status === 200) {
        const input = built.resolvedInput as { id?: unknown; password?: unknown };
        if (typeof input?.id === "string" && typeof input.password === "string") world.passwordChanged(input.id, input.password);
      }
      refreshDue = true;
      if (SESSION_CHANGING.has(op.procedure) || spec.transport.trpc) {
        for (const note of await bookkeeping(() => world.ensureRoles()))
          report.notes.push(`#${index} ${op.procedure} (${spec.role}): ${note}`);
      }
      lastDigest = null;
    } else if (res.status === 401 && spec.role !== "anonymous" && !spec.transport.cookie && op.requiresSession && !spec.transport.raw) {
      const notes = await bookkeeping(() => world.ensureRoles());
      for (const note of notes) report.notes.push(`#${index} ${op.procedure} (${spec.role}) answered 401: ${note}`);
      if (notes.length) lastDigest = null;
    }

    if (byParser) previousParserRejection = index;
    for (const crash of options.crashes?.() ?? []) record({ invariant: "crash", detail: crash }, index, spec, built, res);
  };

  const indexes = options.only ?? Array.from({ length: options.requests }, (_, i) => i);
  const arb = requestSpecArbitrary(operations);
  let healthy = true;
  for (let b = 0; b < indexes.length && healthy; b += BATCH) {
    const chunk = indexes.slice(b, b + BATCH);
    const contiguous = chunk.every((v, i) => i === 0 || v === chunk[i - 1]! + 1);
    const specs = contiguous
      ? fc.sample(arb, { seed: options.seed, path: String(chunk[0]), numRuns: chunk.length })
      : chunk.map((i) => fc.sample(arb, { seed: options.seed, path: String(i), numRuns: 1 })[0]!);
    for (let k = 0; k < chunk.length; k++) {
      const index = chunk[k]!;
      await execute(specs[k]!, index);
      if ((index + 1) % healthEvery === 0) healthy = await health(index);
      if (!healthy) break;
      if (options.maxFailures && report.findings.length >= options.maxFailures) {
        healthy = false;
        report.notes.push(`stopped after ${report.findings.length} findings`);
        break;
      }
    }
    log(
      `  ${Math.min(b + BATCH, indexes.length)}/${indexes.length} requests, ${report.findings.length} findings, ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  await health(indexes.at(-1) ?? 0);
  report.durationMs = performance.now() - started;
  if (world.registeredAdmin) report.admin = { email: world.accounts.admin.email, password: world.accounts.admin.password };
  return report;
}

/** Findings grouped by what went wrong (first example of each). */
export function groupFindings(findings: Finding[]): { key: string; count: number; example: Finding }[] {
  const groups = new Map<string, { key: string; count: number; example: Finding }>();
  for (const f of findings) {
    // Same symptom through the same bent transport: most likely the same cause, whatever the operation.
    const key = `${f.invariant} | ${f.detail.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/g, "#")} | ${f.door} | ${f.transport.replace(/\d+/g, "#")}`;
    const g = groups.get(key);
    if (g) g.count += 1;
    else groups.set(key, { key, count: 1, example: f });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

export function formatReport(report: RunReport, verbose = false): string {
  const lines: string[] = [];
  const secs = (report.durationMs / 1000).toFixed(1);
  lines.push(
    `Fuzz seed ${report.seed}: ${report.requests} requests over ${report.operations} operations in ${secs} s (${(report.requests / (report.durationMs / 1000)).toFixed(0)} req/s)`,
  );
  lines.push(
    `State digests: ${report.digests} (${report.digestMode}, from the ${report.inspector}, ${(report.digestMs / 1000).toFixed(1)} s); listings and cast sessions: ${(report.bookkeepingMs / 1000).toFixed(1)} s; answers from Node's HTTP parser: ${report.protocolRejections}`,
  );
  const mislabelled = Object.entries(report.mislabelledErrors);
  if (mislabelled.length)
    lines.push(`JSON errors sent with another Content-Type: ${mislabelled.map(([k, n]) => `${k} (${n})`).join(", ")}`);
  lines.push("");
  lines.push("door   role        statuses");
  for (const [door, roles] of Object.entries(report.byDoorRole)) {
    for (const [role, statuses] of Object.entries(roles)) {
      const total = Object.values(statuses).reduce((a, b) => a + b, 0);
      lines.push(
        `${door.padEnd(6)} ${role.padEnd(11)} ${String(total).padStart(6)}  ${Object.entries(statuses)
          .sort()
          .map(([s, n]) => `${s}: ${n}`)
          .join("  ")}`,
      );
    }
  }
  lines.push("");
  lines.push("operation                  statuses");
  for (const [op, statuses] of Object.entries(report.byOperation).sort()) {
    lines.push(
      `${op.padEnd(26)} ${Object.entries(statuses)
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join("  ")}`,
    );
  }
  lines.push("");
  lines.push(
    `inputs: ${Object.entries(report.byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  if (verbose) {
    lines.push("");
    lines.push("transport mutation                       statuses");
    for (const [t, statuses] of Object.entries(report.byTransport).sort()) {
      lines.push(
        `${t.slice(0, 40).padEnd(40)} ${Object.entries(statuses)
          .sort()
          .map(([s, n]) => `${s}: ${n}`)
          .join("  ")}`,
      );
    }
  }
  if (report.notes.length) {
    lines.push("");
    lines.push(`notes (${report.notes.length}):`);
    for (const n of report.notes.slice(0, 15)) lines.push(`  ${n}`);
    if (report.notes.length > 15) lines.push(`  … ${report.notes.length - 15} more`);
  }
  lines.push("");
  if (report.findings.length === 0) {
    lines.push("No findings: no 5xx, no crash, no leak, no change from a refused request.");
  } else {
    lines.push(`${report.findings.length} findings:`);
    for (const g of groupFindings(report.findings)) {
      const f = g.example;
      lines.push(`- ${g.count}× ${f.invariant}: ${f.detail}`);
      lines.push(`    ${f.door} door, ${f.role}, ${f.op}, input ${f.kind}, transport ${f.transport}`);
      lines.push(`    request:  ${f.request}`);
      lines.push(`    response: ${f.status} ${f.response.slice(0, 200)}`);
      lines.push(`    replay:   ${f.replay}`);
    }
  }
  return lines.join("\n");
}
