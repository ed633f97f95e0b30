import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Context } from "./context.js";
import { adminProcedure, createCallerFactory, createTRPCRouter, describeIssues, GENERIC_ERROR_MESSAGE, publicProcedure, staffProcedure } from "./trpc.js";

const router = createTRPCRouter({
  echo: publicProcedure.input(z.object({ email: z.string().email("Please enter a valid email address") })).query(({ input }) => input.email),
  boom: publicProcedure.query(() => {
    throw new Error("connection string postgres://secret@db leaked");
  }),
  staff: staffProcedure.query(({ ctx }) => ctx.user.username),
  admin: adminProcedure.query(() => "ok"),
});
const createCaller = createCallerFactory(router);

function ctx(user: Context["user"]): Context {
  const noop = () => {};
  return { user, log: { info: noop, warn: noop, error: noop } } as unknown as Context;
}
const staff = { id: "u1", username: "sam", email: null, isAdmin: false, createdAt: new Date() };

describe("procedure builders and error shaping", () => {
  it("names the field in validation failures", async () => {
    const err = await createCaller(ctx(null)).echo({ email: "nope" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("BAD_REQUEST");
    expect((err as TRPCError).message).toBe("email: Please enter a valid email address");
  });

  it("joins several issues", () => {
    const r = z.object({ a: z.string(), b: z.number() }).safeParse({});
    expect(describeIssues(r.error!).message).toMatch(/^a: .+; b: .+$/);
  });

  it("masks unexpected errors in the error shape", () => {
    const shape = router._def._config.errorFormatter({
      error: new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "connection string postgres://secret@db leaked" }),
      type: "query",
      path: "boom",
      input: undefined,
      ctx: undefined,
      shape: { message: "connection string postgres://secret@db leaked", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path: "boom", stack: "Error: at x" } },
    } as never) as { message: string; data: Record<string, unknown> };
    expect(shape.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(shape.data.stack).toBeUndefined();
  });

  it("enforces staff and admin access", async () => {
    await expect(createCaller(ctx(null)).staff()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await createCaller(ctx(staff)).staff()).toBe("sam");
    await expect(createCaller(ctx(staff)).admin()).rejects.toMatchObject({ code: "FORBIDDEN", message: "Admin access required" });
    await expect(createCaller(ctx(null)).admin()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await createCaller(ctx({ ...staff, isAdmin: true })).admin()).toBe("ok");
  });
});
