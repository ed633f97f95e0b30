import type { DuplicateLead } from "@crawlguard/validators";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Provider } from "../../components/provider";
import { DuplicateWarning } from "./duplicate-warning";

// Text from visitors is isolated (<bdi>), so a direction override inside it (stored
// before the validator refused them, or in a field it does not check) ends with it and cannot
// reverse the sentence around it.

const OVERRIDE = "\u202E";

function html(node: React.ReactNode): string {
  return renderToString(<Provider>{node}</Provider>);
}

describe("visitor text in the duplicate warning", () => {
  it("sits in <bdi> elements: name, email and phone each", () => {
    const lead = {
      id: "6f7a1c3e-1b2d-4c5e-8f90-123456789abc",
      name: `Mallory ${OVERRIDE}evil`,
      email: `m${OVERRIDE}@example.com`,
      phone: `828555${OVERRIDE}0100`,
      status: "new",
    } as unknown as DuplicateLead;
    const out = html(<DuplicateWarning duplicates={[lead]} />);
    expect(out).toContain(`<bdi>Mallory ${OVERRIDE}evil</bdi>`);
    expect(out).toContain(`<bdi>m${OVERRIDE}@example.com</bdi>`);
    expect(out).toMatch(new RegExp(`<bdi>[^<]*${OVERRIDE}[^<]*</bdi>`));
    // Every override in the list item is inside an isolate.
    const item = /<li[^>]*>([\s\S]*?)<\/li>/.exec(out)![1]!;
    expect(item.replace(/<bdi>[\s\S]*?<\/bdi>/g, "")).not.toContain(OVERRIDE);
  });
});
