export { createSql, withSnakeCaseRows, type RawUnsafe, type ConnectionTarget, type Sql, type SqlOptions, type TransactionSql } from "./sql.js";
export { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.js";
export { migrate, migrationsDir } from "./migrate.js";
export { openDatabase, type Database, type OpenDatabaseOptions } from "./open.js";
