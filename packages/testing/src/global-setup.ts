// Once per test run (vitest's global setup, in the main process before the test workers start): a
// migrated embedded data directory that every embedded test database starts as a copy of
// (@crawlguard/db/testing). Not on PostgreSQL: a new database there is already instant.
import { EMBEDDED_TEMPLATE_ENV, prepareEmbeddedTemplate } from "@crawlguard/db/testing";

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) return async () => {};
  const template = await prepareEmbeddedTemplate();
  process.env[EMBEDDED_TEMPLATE_ENV] = template.dir;
  return () => template.remove();
}
