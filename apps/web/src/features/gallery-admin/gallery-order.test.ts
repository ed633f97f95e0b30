import { describe, expect, it } from "vitest";
import { createReorderAnnouncements, inOrder, movedIds } from "./gallery-order";

describe("movedIds", () => {
  const ids = ["a", "b", "c", "d"];

  it("moves an image forwards and backwards", () => {
    expect(movedIds(ids, "a", "c")).toEqual(["b", "c", "a", "d"]);
    expect(movedIds(ids, "d", "b")).toEqual(["a", "d", "b", "c"]);
  });

  it("is null when nothing moves", () => {
    expect(movedIds(ids, "b", "b")).toBeNull();
    expect(movedIds(ids, "b", null)).toBeNull();
    expect(movedIds(ids, "x", "a")).toBeNull();
  });
});

describe("inOrder", () => {
  it("orders the images and numbers them from 0, as the server will", () => {
    const images = [
      { id: "a", displayOrder: "0", title: "A" },
      { id: "b", displayOrder: "0", title: "B" },
      { id: "c", displayOrder: "7", title: "C" },
    ];
    expect(inOrder(images, ["c", "a", "b"])).toEqual([
      { id: "c", displayOrder: "0", title: "C" },
      { id: "a", displayOrder: "1", title: "A" },
      { id: "b", displayOrder: "2", title: "B" },
    ]);
  });

  it("keeps images missing from the ids after the listed ones", () => {
    const images = [
      { id: "a", displayOrder: "0" },
      { id: "b", displayOrder: "1" },
    ];
    expect(inOrder(images, ["b"]).map((image) => image.id)).toEqual(["b", "a"]);
  });
});

describe("createReorderAnnouncements", () => {
  const item = (title: string, index: number) => ({ id: title, data: { current: { title, sortable: { index, items: ["x", "y", "z"] } } } });

  it("says the title and the place, from pick-up to drop", () => {
    const say = createReorderAnnouncements();
    const active = item("Sump pit", 0);
    const event = (over: ReturnType<typeof item> | null) => ({ active, over, collisions: null, delta: { x: 0, y: 0 } }) as never;
    expect(say.onDragStart({ active } as never)).toBe("Picked up Sump pit, in position 1 of 3.");
    expect(say.onDragOver(event(item("Liner", 2)))).toBe("Sump pit is over position 3 of 3.");
    expect(say.onDragEnd(event(item("Liner", 2)))).toBe("Sump pit was dropped in position 3 of 3.");
    expect(say.onDragEnd(event(item("Sump pit", 0)))).toBe("Sump pit was dropped back in position 1 of 3.");
    expect(say.onDragEnd(event(null))).toBe("Sump pit was dropped outside the gallery and stays in position 1 of 3.");
    expect(say.onDragCancel(event(null))).toBe("Moving was cancelled. Sump pit stays in position 1 of 3.");
  });
});
