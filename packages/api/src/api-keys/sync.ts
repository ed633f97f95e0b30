import { transaction, type Sql, type TransactionSql } from "@crawlguard/db";
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
 * A list path's output: the whole array, or a sync page when asked for one. At runtime (answers are
 * checked, the document shows both) it is the union; its TypeScript type stays the array, which is
 * what the dashboard reads (it never sends sync parameters; integrations read the REST document).
 */
export function listOrPage<T extends z.ZodType, P extends z.ZodType>(item: T, page: P): z.ZodType<z.output<T>[]> {
  return syncOutput(z.union([z.array(item), page])) as unknown as z.ZodType<z.output<T>[]>;
}
