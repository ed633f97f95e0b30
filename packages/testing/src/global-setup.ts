// Once per test run (vitest's global setup, in the main process before the test workers start):
// - the run's scratch directory, in memory where the system has it (./scratch.ts), becomes TMPDIR
//   for the workers, so every test database and file goes there and is removed with it at the end;
// - a migrated embedded data directory that every embedded test database starts as a copy of
//   (@crawlguard/db/testing). Not on PostgreSQL: a new database there is already instant.
import { rm } from "node:fs/promises";
import { EMBEDDED_TEMPLATE_ENV, prepareEmbeddedTemplate } from "@crawlguard/db/testing";
import { makeScratchDir } from "./scratch.js";

export default async function setup(): Promise<() => Promise<void>> {
  const scratch = makeScratchDir("crawlguard-tests-");
  process.env["TMPDIR"] = scratch;
  if (!process.env["TEST_DATABASE_URL"]) {
    const template = await prepareEmbeddedTemplate();
    process.env[EMBEDDED_TEMPLATE_ENV] = template.dir;
  }
  return () => rm(scratch, { recursive: true, force: true });
}
