import { logUnhandledRejections, startServer, stopOnSignals } from "./server.js";

try {
  const running = await startServer();
  logUnhandledRejections(running.logger);
  stopOnSignals(running);
} catch (err) {
  console.error(err);
  process.exit(1);
}
