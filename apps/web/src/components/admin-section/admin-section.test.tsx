import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Provider } from "../provider";
import { AdminSection, type AdminSectionProps } from "./admin-section";
import type { ListQuery } from "./admin-list";

type Item = { id: string; name: string };

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");

function render(query: ListQuery<Item>, create: AdminSectionProps<Item, Item>["create"]) {
  return renderToString(
    <Provider>
      <AdminSection<Item, Item>
        title="Things"
        description="Things an admin keeps."
        create={create}
        shownOnce={(thing) => ({
          label: "New thing",
          title: `Thing ${thing.name} created`,
          field: { label: "Thing secret", helper: "Shown only now.", name: "thingSecret" },
          value: "secret",
          copy: { label: "Copy Secret", copied: { title: "Copied", description: "" }, selectTitle: "Copy the selected secret" },
        })}
        list={{ query, label: "Things", loading: "Loading things...", loadFailed: "Could not load things", empty: "No things yet." }}
        renderItem={(thing) => <li>{thing.name}</li>}
        confirm={{
          title: "Delete thing?",
          confirmLabel: "Delete Thing",
          pendingLabel: "Deleting...",
          message: (thing) => `${thing.name} goes.`,
          mutation: { mutate: () => undefined, isPending: false },
          done: { title: "Thing deleted", description: "" },
          failed: "Failed to delete thing",
        }}
      />
    </Provider>,
  );
}

const dialog = { button: { label: "Add Thing", icon: null }, dialog: () => null };

describe("the admin list / create / confirm section", () => {
  it("names the section by its h2 and offers the create button", () => {
    const html = render({ status: "pending" }, dialog);
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[\s\S]*<h2[^>]*id="\1"[^>]*>Things<\/h2>/);
    expect(html).toMatch(/<button[^>]*>Add Thing<\/button>/);
    expect(text(html)).toContain("Loading things...");
  });

  it("shows a create form instead of a button when it has one", () => {
    const html = render({ status: "pending" }, { form: () => <form aria-label="New thing" /> });
    expect(html).toContain('aria-label="New thing"');
    expect(html).not.toContain("Add Thing");
  });

  it("says why the list could not load, in an alert", () => {
    const html = render({ status: "error", error: new Error("Network down") }, dialog);
    expect(html).toMatch(/<p role="alert"[^>]*>Could not load things/);
    expect(text(html)).toContain("Could not load things: Network down");
  });

  it("says when there is nothing, and lists the items under the list's name", () => {
    expect(text(render({ status: "success", data: [] }, dialog))).toContain("No things yet.");
    const html = render(
      {
        status: "success",
        data: [
          { id: "1", name: "First" },
          { id: "2", name: "Second" },
        ],
      },
      dialog,
    );
    expect(html).toMatch(/<ul[^>]*aria-label="Things"[^>]*><li>First<\/li><li>Second<\/li><\/ul>/);
  });
});
