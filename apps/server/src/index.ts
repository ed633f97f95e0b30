import { startServer, stopOnSignals } from "./server.js";

try {
  stopOnSignals(await startServer());
} catch (err) {
  console.error(err);
  process.exit(1);
}
