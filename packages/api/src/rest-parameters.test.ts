import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenApiHttpHandler } from "trpc-to-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "./trpc.js";

/*
 * patches/trpc-to-openapi+3.3.0.patch: only query-string and path-parameter values are converted to
 * their documented type, into a new input; a JSON body is read as sent; the shared schema is never
 * changed (so the /trpc door, which calls the same procedures, stays strict).
 */
const flagsInput = z.object({ id: z.number().int(), on: z.boolean(), n: z.number().optional(), tags: z.array(z.number()).optional() });
const echo = publicProcedure.output(z.unknown());
const router = createTRPCRouter({
  read: echo
    .meta({ openapi: { method: "GET", path: "/things/{id}" } })
    .input(flagsInput.partial({ on: true }))
    .query(({ input }) => input),
  write: echo
    .meta({ openapi: { method: "POST", path: "/things/{id}" } })
    .input(flagsInput)
    .mutation(({ input }) => input),
});

let server: Server;
let base: string;
beforeAll(async () => {
  const handler = createOpenApiHttpHandler({ router, createContext: () => ({}) as never });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

async function send(method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("REST parameters and bodies (trpc-to-openapi patch)", () => {
  it("converts query and path strings to the documented number and boolean", async () => {
    const res = await send("GET", "/things/7?on=false&n=2.5&tags=1&tags=2");
    expect(res).toEqual({ status: 200, body: { id: 7, on: false, n: 2.5, tags: [1, 2] } });
  });

  it("leaves a query value that is not of its type as a string, for the schema to refuse", async () => {
    for (const query of ["on=yes", "on=1", "n=12abc", "n=", "n=0x10"]) {
      const res = await send("GET", `/things/7?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it("converts a path parameter of a body call, and nothing in the JSON body", async () => {
    expect(await send("POST", "/things/3", { on: true, n: 1 })).toEqual({ status: 200, body: { id: 3, on: true, n: 1 } });
    for (const body of [{ on: "false" }, { on: "true" }, { on: true, n: "1" }, { on: true, tags: ["1"] }]) {
      const res = await send("POST", "/things/3", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("leaves the procedure's schema as it was: the caller (as /trpc) still refuses strings", async () => {
    await send("GET", "/things/7?on=false");
    await send("POST", "/things/3", { on: true });
    expect(flagsInput.safeParse({ id: "7", on: "false" }).success).toBe(false);
    await expect(router.createCaller({} as never).write({ id: 1, on: "false" as unknown as boolean })).rejects.toThrow();
  });
});
