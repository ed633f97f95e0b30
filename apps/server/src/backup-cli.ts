// `npm run db:backup -- <file>` / `npm run db:restore -- [--hold-deliveries] <file>` (ADR 022,
// docs/operations.md "Backups"). Built with the server (dist/backup-cli.js), so it runs without dev dependencies.
import { backup, restore } from "./backup.js";
import { loadEnv } from "./env.js";
import { reportStartupFailure } from "./startup-errors.js";

const USAGE = "usage: npm run db:backup -- <file>   |   npm run db:restore -- [--hold-deliveries] <file>";
const [command, ...rest] = process.argv.slice(2);
const holdDeliveries = command === "restore" && rest.includes("--hold-deliveries");
const operands = rest.filter((arg) => !(command === "restore" && arg === "--hold-deliveries"));
const [file] = operands;
if ((command !== "backup" && command !== "restore") || !file || operands.length !== 1 || file.startsWith("--")) {
  console.error(USAGE);
  process.exit(2);
}

let env;
try {
  env = loadEnv();
} catch (err) {
  process.exit(reportStartupFailure(err));
}

try {
  if (command === "backup") {
    const done = await backup(env, file);
    console.log(
      JSON.stringify({
        msg: "backup written",
        file: done.file,
        database: done.manifest.database,
        from: done.source,
        files: done.manifest.files === "s3" ? "in the S3 bucket (not in the archive)" : done.manifest.fileList.length,
        googleTokenKey: "not included: keep GOOGLE_TOKEN_KEY (or DATA_DIR/google-token.key, when the server made one) separately",
      }),
    );
  } else {
    const done = await restore(env, file, { holdDeliveries });
    console.log(
      JSON.stringify({
        msg: "backup restored",
        file,
        into: done.target,
        files: done.files,
        filesTo: done.filesTo,
        webhookDeliveries: done.deliveriesHeld
          ? "held: nothing is sent until an admin resumes them (User Management → Webhooks, or POST /api/webhook-deliveries/resume)"
          : "the ones waiting in the backup are sent when the server starts",
      }),
    );
  }
  process.exit(0);
} catch (err) {
  console.error(JSON.stringify({ level: "error", msg: `db:${command} failed`, reason: err instanceof Error ? err.message : String(err) }));
  process.exit(1);
}
