// `npm run google-emulator` (repo root): a Google OAuth 2.0 + Calendar v3 emulator for local runs.
import { DEFAULT_ACCOUNT_EMAIL, DEFAULT_CLIENT, startGoogleEmulator } from "./emulator.js";

const env = process.env;
const port = Number(env.GOOGLE_EMULATOR_PORT ?? env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`google-emulator: invalid port ${env.GOOGLE_EMULATOR_PORT ?? env.PORT}`);
  process.exit(1);
}
const client = {
  clientId: env.GOOGLE_CLIENT_ID || DEFAULT_CLIENT.clientId,
  clientSecret: env.GOOGLE_CLIENT_SECRET || DEFAULT_CLIENT.clientSecret,
};
const accountEmail = env.GOOGLE_EMULATOR_ACCOUNT || DEFAULT_ACCOUNT_EMAIL;
const autoApprove = !["0", "false", "no"].includes((env.GOOGLE_EMULATOR_AUTO_APPROVE ?? "").toLowerCase());

const emulator = await startGoogleEmulator({
  port,
  host: env.GOOGLE_EMULATOR_HOST || "127.0.0.1",
  clients: [client],
  accountEmail,
  autoApprove,
});

console.log(`Google API emulator listening on ${emulator.url}
  account: ${accountEmail}, consent: ${autoApprove ? "automatic (GOOGLE_EMULATOR_AUTO_APPROVE=false shows the consent page)" : "consent page"}

Run the product against it with:
  GOOGLE_API_BASE_URL=${emulator.url} GOOGLE_CLIENT_ID=${client.clientId} GOOGLE_CLIENT_SECRET=${client.clientSecret}

Inspect and break it:
  curl ${emulator.url}/__emulator/state
  curl -X POST ${emulator.url}/__emulator/faults -H 'content-type: application/json' -d '{"calendarFailure":{"status":503,"count":1}}'
  curl -X POST ${emulator.url}/__emulator/expire-tokens
  curl -X POST ${emulator.url}/__emulator/reset`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
