import { describe, expect, it } from "vitest";
import { holdingJobs, pollingWorker } from "./polling-worker.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("pollingWorker", () => {
  it("runs rounds until one handles nothing, at most maxRounds, then polls again", async () => {
    const queue = [3, 2, 0, 5];
    const calls: number[] = [];
    const worker = pollingWorker({
      round: () => {
        const n = queue.shift() ?? 0;
        calls.push(n);
        return Promise.resolve(n);
      },
      pollMs: 20,
      maxRounds: 10,
      onError: () => {},
    });
    expect(await worker.tick()).toBe(5);
    expect(calls).toEqual([3, 2, 0]);
    // The next pass comes by itself after pollMs.
    await sleep(80);
    expect(calls.slice(3, 4)).toEqual([5]);
    await worker.pause();
    const after = calls.length;
    await sleep(80);
    expect(calls.length).toBe(after);
    expect(worker.paused).toBe(true);
  });

  it("a nudge during a pass makes it go round once more; maxRounds bounds a pass", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let rounds = 0;
    const worker = pollingWorker({
      round: async () => {
        rounds += 1;
        if (rounds === 1) await gate;
        return 1;
      },
      pollMs: 60_000,
      maxRounds: 3,
      onError: () => {},
    });
    const first = worker.tick();
    const joined = worker.tick(); // joins the pass under way, and asks for one more go
    release();
    expect(await first).toBe(6);
    expect(await joined).toBe(6);
    expect(rounds).toBe(6);
    await worker.pause();
  });

  it("reports a failing round and keeps polling; a paused round sees paused()", async () => {
    const errors: unknown[] = [];
    let n = 0;
    const seen: boolean[] = [];
    const worker = pollingWorker({
      round: (paused) => {
        seen.push(paused());
        n += 1;
        return n === 1 ? Promise.reject(new Error("database gone")) : Promise.resolve(0);
      },
      pollMs: 10,
      onError: (err) => errors.push(err),
    });
    expect(await worker.tick()).toBe(0);
    expect(errors).toHaveLength(1);
    await sleep(60);
    expect(n).toBeGreaterThan(1);
    await worker.pause();
    expect(seen.every((p) => p === false)).toBe(true);
  });
});

describe("holdingJobs", () => {
  it("beats for the claimed jobs while the work runs, and stops after", async () => {
    const beats: string[][] = [];
    const result = await holdingJobs(
      (ids) => Promise.resolve(beats.push(ids)),
      ["a", "b"],
      0.04,
      async () => {
        await sleep(70);
        return "done";
      },
    );
    expect(result).toBe("done");
    expect(beats.length).toBeGreaterThanOrEqual(2);
    expect(beats[0]).toEqual(["a", "b"]);
    const count = beats.length;
    await sleep(60);
    expect(beats.length).toBe(count);
  });
});
