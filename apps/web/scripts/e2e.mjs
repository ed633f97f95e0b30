// The browser tests, as `npm run e2e` runs them: the desktop and the phone project side by side,
// each in a Playwright run of its own with its own server, Google emulator, SMTP sink and fresh
// embedded database, on ports chosen free here (scripts/e2e-ports.mjs) and passed down by the
// environment; E2E_PORT, when set, puts the two servers on E2E_PORT and E2E_PORT + 1. Each run
// registers its own first account (the admin), so neither sees the other's data: one run with two
// workers would not do, as some tests read what every test writes (the stat cards' counts, the
// admin's user list). Exits non-zero when either run fails or runs no test.
//   node scripts/e2e.mjs [playwright args…]   e.g. node scripts/e2e.mjs e2e/auth.spec.ts
import concurrently from "concurrently";
import { chooseRunPorts } from "./e2e-ports.mjs";

const projects = ["desktop", "phone"];
const ports = await chooseRunPorts(projects.length);
const extra = process.argv
  .slice(2)
  .map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`)
  .join(" ");

const runs = projects.map((project, index) => ({
  name: project,
  command: `playwright test --project=${project} ${extra}`.trim(),
  env: { ...ports[index], E2E_RUN: project },
}));
for (const [index, project] of projects.entries()) console.log(`${project}: ${JSON.stringify(ports[index])}`);

const { result } = concurrently(runs, { prefix: "name", prefixColors: ["blue", "magenta"] });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
