// The browser tests, as `npm run e2e` runs them: the desktop and the phone project side by side,
// each in a Playwright run of its own with its own server, Google emulator and fresh embedded
// database (ports E2E_PORT and E2E_PORT + 1, default 3199 and 3200). Each run registers its own
// first account (the admin), so neither sees the other's data: one run with two workers would not
// do, as some tests read what every test writes (the stat cards' counts, the admin's user list). Exits non-zero when either run fails or runs no test.
//   node scripts/e2e.mjs [playwright args…]   e.g. node scripts/e2e.mjs e2e/auth.spec.ts
import concurrently from "concurrently";

const basePort = Number(process.env["E2E_PORT"] ?? 3199);
const extra = process.argv
  .slice(2)
  .map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`)
  .join(" ");

const runs = ["desktop", "phone"].map((project, index) => ({
  name: project,
  command: `playwright test --project=${project} ${extra}`.trim(),
  env: { E2E_PORT: String(basePort + index), E2E_RUN: project },
}));

const { result } = concurrently(runs, { prefix: "name", prefixColors: ["blue", "magenta"] });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
