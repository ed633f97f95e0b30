import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** WCAG 2.2 A and AA, as the other specs check. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the part of the page `include` selects (the whole page by default) and expects no violation. */
export async function expectNoAxeViolations(page: Page, screen: string, include = "body"): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(include).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${screen}: axe violations`,
  ).toEqual([]);
}
