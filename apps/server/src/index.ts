import { logUnhandledRejections, startServer, stopOnSignals } from "./server.js";
import { reportStartupFailure } from "./startup-errors.js";

try {
  const running = await startServer();
  logUnhandledRejections(running.logger);
  stopOnSignals(running);
} catch (err) {
  // One JSON line naming the setting at fault, like every other log line.
  process.exit(reportStartupFailure(err));
}
