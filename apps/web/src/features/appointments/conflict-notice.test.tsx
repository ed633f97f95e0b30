import type { Conflict } from "@crawlguard/validators";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Provider } from "../../components/provider";
import { ClashHint } from "./conflict-notice";

const block = (title: string): Conflict => ({
  kind: "time-block",
  message: `Overlaps the time block "${title}"`,
  id: title,
  title,
  start: "2026-07-14T13:00:00.000Z",
  end: "2026-07-14T14:00:00.000Z",
});

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");

describe("the clash hint under a time select", () => {
  it("names the conflicts the server described and counts the rest (three per slot)", () => {
    const clashes = [block("Gym"), block("School run"), block("Lunch")];
    const html = renderToString(
      <Provider>
        <ClashHint clashes={clashes} count={1000} />
      </Provider>,
    );
    expect(text(html)).toContain("Clashes with Gym, School run, Lunch and 997 more");
  });

  it("says nothing more when every conflict is named", () => {
    const html = renderToString(
      <Provider>
        <ClashHint clashes={[block("Gym")]} />
      </Provider>,
    );
    expect(text(html)).toContain("Clashes with Gym");
    expect(text(html)).not.toContain("more");
  });
});
