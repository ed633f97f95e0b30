import { loadEnv } from "./env.js";
import { startServer, stopOnSignals } from "./server.js";

stopOnSignals(await startServer({ dev: true, env: loadEnv({ NODE_ENV: "development", LOG_LEVEL: "debug", ...process.env }) }));
