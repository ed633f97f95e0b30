export { createSql, withSnakeCaseRows, type RawUnsafe, type ConnectionTarget, type Sql, type SqlOptions } from "./sql.js";
export { transaction, type TransactionSql } from "./transaction.js";
export { startEmbeddedDatabase, SOCKET_NAME, type EmbeddedDatabase } from "./embedded.js";
export { secureDataDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./data-dir.js";
export { migrate, migrationsDir } from "./migrate.js";
export { openDatabase, type Database, type NodePostgresSettings, type OpenDatabaseOptions } from "./open.js";
export {
  SocketWatch,
  IDLE_IN_TRANSACTION_TIMEOUT_MS,
  KEEPALIVE_MS,
  SILENT_ANSWER_MS,
  SILENT_CONNECTION_CODE,
  SILENT_CONNECTION_MS,
  STATEMENT_TIMEOUT_MS,
} from "./socket-watch.js";
export { dumpAlone, DUMP_ARGS } from "./dump.js";
export { findDumpSocket, requestDump, DUMP_SOCKET_NAME, DUMP_POINTER } from "./dump-channel.js";
export { dumpPostgres, fitDump, restoreDump, userRelations } from "./backup.js";
