// The ports of the browser tests' servers, chosen free at start so that whatever else listens on the
// machine (another checkout's run, a dev server) cannot fail `npm test`. Each run needs four: its
// server (E2E_PORT), the Google emulator (E2E_GOOGLE_PORT), the SMTP sink (E2E_SMTP_PORT) and the
// bare server that e2e/bare-server.spec.ts starts (E2E_BARE_PORT).
//   node scripts/e2e-ports.mjs   prints one run's ports as JSON (playwright.config.ts, when it is
//                                started without scripts/e2e.mjs), keeping those already set.
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The environment variables of one run's ports. */
export const PORT_NAMES = ["E2E_PORT", "E2E_GOOGLE_PORT", "E2E_SMTP_PORT", "E2E_BARE_PORT"];

function listenOnAnyPort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => resolve(probe));
  });
}

/**
 * `count` distinct ports the system calls free on 127.0.0.1, none of them in `avoid`. Every probe
 * stays open until all are chosen, so the system cannot hand out one port twice.
 */
export async function freePorts(count, avoid = []) {
  const probes = [];
  const ports = [];
  try {
    while (ports.length < count) {
      const probe = await listenOnAnyPort();
      probes.push(probe);
      const { port } = probe.address();
      if (!avoid.includes(port)) ports.push(port);
    }
  } finally {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  }
  return ports;
}

/**
 * Each of `runs` runs' ports as environment variables. E2E_PORT, when set, stays the first run's
 * server port (the next run's is E2E_PORT + 1), so a fixed address can still be asked for; every
 * other port is a free one.
 */
export async function chooseRunPorts(runs, env = process.env, avoid = []) {
  const base = env["E2E_PORT"] ? Number(env["E2E_PORT"]) : null;
  const fixed = base === null ? [] : Array.from({ length: runs }, (_, index) => base + index);
  const free = await freePorts(runs * PORT_NAMES.length - fixed.length, [...fixed, ...avoid]);
  const next = () => String(free.shift());
  return Array.from({ length: runs }, (_, index) => ({
    E2E_PORT: base === null ? next() : String(base + index),
    E2E_GOOGLE_PORT: next(),
    E2E_SMTP_PORT: next(),
    E2E_BARE_PORT: next(),
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Ports already given by the environment win, and no chosen port is one of them.
  const given = PORT_NAMES.map((name) => Number(process.env[name])).filter(Boolean);
  const [chosen] = await chooseRunPorts(1, process.env, given);
  const ports = Object.fromEntries(PORT_NAMES.map((name) => [name, process.env[name] || chosen[name]]));
  process.stdout.write(`${JSON.stringify(ports)}\n`);
}
