// `npm run db:backup -- <file>` / `npm run db:restore -- <file>` (issue 22 §1, ADR 022, README "Backups").
import { backup, restore } from "./backup.js";
import { loadEnv } from "./env.js";
import { reportStartupFailure } from "./startup-errors.js";

const [command, file] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !file) {
  console.error("usage: npm run db:backup -- <file>   |   npm run db:restore -- <file>");
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
        googleTokenKey: "not included: keep GOOGLE_TOKEN_KEY (or DATA_DIR/google-token.key) separately",
      }),
    );
  } else {
    const done = await restore(env, file);
    console.log(JSON.stringify({ msg: "backup restored", file, into: done.target, files: done.files, filesTo: done.filesTo }));
  }
  process.exit(0);
} catch (err) {
  console.error(JSON.stringify({ level: "error", msg: `db:${command} failed`, reason: err instanceof Error ? err.message : String(err) }));
  process.exit(1);
}
