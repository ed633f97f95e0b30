// The server as a process of its own, for tests that kill it (fault.api.test.ts, load.api.test.ts).
// It runs what the production entry (src/index.ts) runs, from source and without the web app, so a
// test needs no build: a clean clone's `npm test` works, and the code under test is always the
// current source, never a stale dist/.
import { logUnhandledRejections, startServer, stopOnSignals } from "@crawlguard/server/server";
import { reportStartupFailure } from "@crawlguard/server/startup-errors";

// Started by spawnServer with an IPC channel: when the test process goes away (even killed), so
// does this server, instead of living on with its port and database.
process.once("disconnect", () => process.exit(1));

try {
  const running = await startServer({ withWeb: false });
  logUnhandledRejections(running.logger);
  stopOnSignals(running);
} catch (err) {
  process.exit(reportStartupFailure(err));
}
