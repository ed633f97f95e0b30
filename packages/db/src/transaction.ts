import type postgres from "postgres";
import type { Sql } from "./sql.js";

/** The client a transaction body runs its queries on (a connection held for it alone). */
export type TransactionSql = postgres.ReservedSql;

/**
 * Runs `fn` in a transaction on a connection reserved for it, and commits, or rolls back when
 * `fn` throws. Use this instead of postgres.js's `sql.begin`.
 *
 * Why not `sql.begin`: it sends BEGIN down whatever connection is free *or busy* and only
 * reserves that connection once the write reports no backpressure and the connection's pipeline
 * has room. When a connection is busy with many pipelined queries (a batch of 100 reads, or a
 * burst of requests on the embedded database's single connection), BEGIN goes out unreserved:
 * other requests' queries then run inside the transaction, and postgres.js dereferences the
 * missing connection and throws from a socket callback, which ends the process.
 * `sql.reserve()` waits for an idle connection instead (in arrival order), so the transaction's
 * statements never share a connection with anyone else's.
 */
export async function transaction<T>(sql: Sql, fn: (tx: TransactionSql) => Promise<T>): Promise<T> {
  const tx = await sql.reserve();
  try {
    await tx`BEGIN`;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      // A failed ROLLBACK (connection already gone) must not hide the error that caused it.
      await tx`ROLLBACK`.catch(() => undefined);
      throw err;
    }
    await tx`COMMIT`;
    return result;
  } finally {
    tx.release();
  }
}
