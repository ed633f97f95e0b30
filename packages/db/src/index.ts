export { createSql, withSnakeCaseRows, type RawUnsafe, type ConnectionTarget, type Sql, type SqlOptions } from "./sql.js";
export { transaction, type TransactionSql } from "./transaction.js";
export { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.js";
export { migrate, migrationsDir } from "./migrate.js";
export { openDatabase, type Database, type OpenDatabaseOptions } from "./open.js";
