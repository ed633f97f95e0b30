// First step of the root scripts (npm start, npm test, npm run e2e/dev/fuzz/bench:*): the Node
// that npm scripts run on must be Node 24 LTS or later. After `npm ci` it is the project's own
// pinned Node (node_modules/.bin/node, from the node-<platform> package in package.json's
// optionalDependencies; see docs/decisions/005-node-runtime-pin.md). Says what to do otherwise.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < REQUIRED_MAJOR) {
  const pinned = existsSync(fileURLToPath(new URL("../node_modules/.bin/node", import.meta.url)));
  console.error(
    [
      `CrawlGuard runs on Node ${REQUIRED_MAJOR} LTS; this script ran on Node ${process.versions.node} (${process.execPath}).`,
      pinned
        ? "The project's own Node is in node_modules/.bin: run the project's commands through npm (npm start, npm test, npm run …), which puts it first on PATH."
        : `Run \`npm ci\` first: it installs Node ${REQUIRED_MAJOR} from the npm registry for linux-x64, linux-arm64, darwin-x64 and win-x64. ` +
          `On another platform, install Node ${REQUIRED_MAJOR} yourself (nvm install ${REQUIRED_MAJOR}).`,
    ].join("\n"),
  );
  process.exit(1);
}
