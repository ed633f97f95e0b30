import type postgres from "postgres";

/** What a query helper needs: the pool (`sql`) or a transaction (`tx`) — inside `transaction(sql, ...)`, pass `tx`. */
export type Queryable = postgres.ISql;
