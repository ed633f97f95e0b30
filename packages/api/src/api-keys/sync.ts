import { transaction, type Sql, type TransactionSql } from "@crawlguard/db";
import type postgres from "postgres";
import { SYNC_DEFAULT_LIMIT, type SyncQuery } from "@crawlguard/validators";
import { z } from "zod";
import { badInput } from "../errors.js";
import { syncOutput } from "../trpc.js";

/*
 * Incremental sync (ADR 029). Every change of a lead or a contact submission, and every
 * deletion (a tombstone), is numbered from one sequence when its transaction commits, under a lock
 * held until the commit is visible (migration 0019): whatever a reader sees, every smaller number
 * is visible too. A page is the next changes after the cursor in that order, read in one
 * REPEATABLE READ snapshot, so nothing is missed or repeated however writes interleave.
 */

export type SyncEntity = "lead" | "contact-submission";

const CURSOR_VERSION = "v1";
export const INVALID_CURSOR = "Not a cursor this server gave (send the nextCursor of a previous page)";

export function encodeCursor(seq: bigint): string {
  return Buffer.from(`${CURSOR_VERSION}:${seq}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string | undefined): bigint {
  if (cursor === undefined) return 0n;
  const match = /^v1:(\d{1,19})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || Buffer.from(`${CURSOR_VERSION}:${match[1]}`, "utf8").toString("base64url") !== cursor) {
    throw badInput([{ path: "cursor", message: INVALID_CURSOR }]);
  }
  return BigInt(match[1]!);
}

/** Whether a list request asks for a page (any sync parameter) rather than the whole list. */
export function isSyncQuery(query: SyncQuery | undefined): query is SyncQuery {
  return (
    query !== undefined &&
    (query.updatedSince !== undefined || query.limit !== undefined || query.cursor !== undefined || query.includeDeleted !== undefined)
  );
}

export interface SyncPage<T> {
  items: T[];
  deleted: { id: string; deletedAt: string }[];
  nextCursor: string;
  hasMore: boolean;
}

/**
 * One page of `entity`'s changes. `changed(tx, after, since, n)` answers up to n changed rows with
 * change_seq > after (and updated at or after `since`), in change_seq order, each with its
 * `changeSeq`; `maxSeq(tx)` the highest change_seq of the entity's rows.
 */
export async function syncPage<T>(
  sql: Sql,
  entity: SyncEntity,
  query: SyncQuery,
  source: {
    changed(tx: TransactionSql, after: bigint, since: Date | null, n: number): Promise<{ item: T; changeSeq: string }[]>;
    maxSeq(tx: TransactionSql): Promise<string | null>;
    /** Which tombstones the caller may learn of (a crew member: their own leads'); all when absent. */
    deletedVisible?(tx: TransactionSql): postgres.PendingQuery<postgres.Row[]>;
  },
): Promise<SyncPage<T>> {
  const after = decodeCursor(query.cursor);
  const since = query.updatedSince ? new Date(query.updatedSince) : null;
  const limit = query.limit ?? SYNC_DEFAULT_LIMIT;
  return transaction(sql, async (tx) => {
    await tx`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
    const changed = (await source.changed(tx, after, since, limit + 1)).map((c) => ({
      seq: BigInt(c.changeSeq),
      item: c.item,
      tombstone: null as { id: string; deletedAt: string } | null,
    }));
    const tombstones = query.includeDeleted
      ? await tx<{ id: string; deletedAt: Date; seqText: string }[]>`
          SELECT id, deleted_at, change_seq::text AS seq_text FROM sync_tombstones
          WHERE entity = ${entity} AND change_seq > ${after.toString()}::bigint
            AND (${since}::timestamptz IS NULL OR deleted_at >= ${since}::timestamptz)
            AND ${source.deletedVisible ? source.deletedVisible(tx) : tx`TRUE`}
          ORDER BY sync_tombstones.change_seq LIMIT ${limit + 1}`
      : [];
    const merged = [
      ...changed,
      ...tombstones.map((t) => ({ seq: BigInt(t.seqText), item: null, tombstone: { id: t.id, deletedAt: t.deletedAt.toISOString() } })),
    ].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
    const page = merged.slice(0, limit);
    const hasMore = merged.length > limit;
    let next = page.at(-1)?.seq ?? after;
    if (!hasMore) {
      // The last page: the cursor moves past everything this snapshot holds (rows the filter left
      // out included), so polling with it answers only what changes from now on.
      const [tomb] = await tx<{ max: string | null }[]>`SELECT max(change_seq)::text AS max FROM sync_tombstones WHERE entity = ${entity}`;
      for (const max of [await source.maxSeq(tx), tomb?.max ?? null]) if (max !== null && BigInt(max) > next) next = BigInt(max);
    }
    return {
      items: page.flatMap((p) => (p.item === null ? [] : [p.item])),
      deleted: page.flatMap((p) => (p.tombstone ? [p.tombstone] : [])),
      nextCursor: encodeCursor(next),
      hasMore,
    };
  });
}

/**
 * A list path's output: the whole array, or a sync page when asked for one with the sync parameters
 * (kept working for clients that page there; the paged form has its own path). Answers are checked
 * against the union; the document shows the array only, the one shape the path is for, so a
 * generated client reads an array; its TypeScript type is the array too.
 */
export function listOrPage<T extends z.ZodType, P extends z.ZodType>(item: T, page: P): z.ZodType<z.output<T>[]> {
  const union = z.union([z.array(item), page]).meta({
    override: ({ jsonSchema }) => {
      const [array] = (jsonSchema.anyOf ?? []) as object[];
      if (!array) return;
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, array);
    },
  });
  return syncOutput(union) as unknown as z.ZodType<z.output<T>[]>;
}

/** The sync parameters of a list query, apart from its filters (an undefined one is not sent). */
export function syncPart(query: SyncQuery): SyncQuery {
  const { updatedSince, limit, cursor, includeDeleted } = query;
  return { updatedSince, limit, cursor, includeDeleted };
}

/** The 400 of `sort` sent with the sync parameters: a page is always in the order of the changes. */
export const sortWithPage = () =>
  badInput([{ path: "sort", message: "A page of changes is always in the order of the changes: leave sort out, or the sync parameters" }]);

/** The array form of a list path: one text for leads and contact submissions. */
export function listDescription(what: string, path: string): string {
  return [
    `Every one of the ${what}, as a JSON array; the filters (combinable) keep only those that match all of them. ` +
      "An unknown query parameter is a 400 that names it.",
    "",
    `A page of changes (incremental sync) has its own path, \`${path}/page\`. Sent here, its parameters (\`updatedSince\`, ` +
      "`limit`, `cursor`, `includeDeleted`) still answer that page (`{ items, deleted, nextCursor, hasMore }`), for clients written " +
      "before it had its own path; they are deprecated here.",
  ].join("\n");
}

/** How a paged path pages through changes: one text for leads and contact submissions. */
export function pageDescription(what: string, path: string): string {
  return [
    `A page of the ${what} created or changed, in the order the changes were committed (each change numbered when its ` +
      "transaction commits, so none is missed or repeated while others write), as `{ items, deleted, nextCursor, hasMore }`. " +
      "Send `nextCursor` as `cursor` for the next page; when `hasMore` is false you are up to date: keep `nextCursor` and poll " +
      "with it later. An item changed again appears again, later. With `includeDeleted=true`, `deleted` lists the ids deleted " +
      `since (tombstones). The filters keep the ${what} that match them when they change (one that stops matching is not announced).`,
    "",
    `First page: \`GET ${path}?limit=100&includeDeleted=true\` (or \`?updatedSince=2026-05-01T00:00:00Z&limit=100\`)`,
    "",
    `Next pages: \`GET ${path}?limit=100&includeDeleted=true&cursor=djE6MTI3\``,
    "",
    'Answer: `{ "items": [ ... ], "deleted": [{ "id": "…", "deletedAt": "2026-05-02T10:00:00.000Z" }], "nextCursor": "djE6MTI3", "hasMore": false }`',
  ].join("\n");
}
