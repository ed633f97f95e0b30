import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { describe, expect, it, vi } from "vitest";
import postgres from "postgres";
import { z, ZodError } from "zod";
import type { Context } from "./context.js";
import {
  DATABASE_UNAVAILABLE,
  describeIssues,
  DOMAIN_ERROR_KINDS,
  DomainError,
  GENERIC_ERROR_MESSAGE,
  type DomainErrorKind,
} from "./errors.js";
import { API_KEY_SESSION_ONLY } from "./api-keys/api-keys.js";
import { OFFICE_ONLY } from "./users/access.js";
import {
  accountProcedure,
  adminProcedure,
  officeProcedure,
  createCallerFactory,
  createTRPCRouter,
  ERROR_EDGE,
  publicProcedure,
  signInProcedure,
  staffProcedure,
  syncOutput,
} from "./trpc.js";

const router = createTRPCRouter({
  echo: publicProcedure
    .input(z.object({ email: z.string().email("Please enter a valid email address") }))
    .query(({ input }) => input.email),
  boom: publicProcedure.query(() => {
    throw new Error("connection string postgres://secret@db leaked");
  }),
  domain: publicProcedure.input(z.object({ kind: z.enum(DOMAIN_ERROR_KINDS) })).query(({ input }) => {
    throw new DomainError(input.kind, `the ${input.kind} text`);
  }),
  fields: publicProcedure.query(() => {
    throw new DomainError("bad-input", "startTime: Use HH:MM", [{ path: "startTime", message: "Use HH:MM" }]);
  }),
  internalZod: publicProcedure.query(() => z.string().parse(42)),
  lostConnection: publicProcedure.input(z.object({ code: z.string() })).query(({ input }) => {
    // What postgres.js throws when a connection is destroyed, closed or never came.
    throw Object.assign(new Error(`write ${input.code}`), { code: input.code });
  }),
  statementTimeout: publicProcedure.query(() => {
    throw Object.assign(Object.create(postgres.PostgresError.prototype) as Error, {
      message: "canceling statement due to statement timeout",
      code: "57014",
    });
  }),
  staff: staffProcedure.query(({ ctx }) => ctx.user.username),
  admin: adminProcedure.query(() => "ok"),
  office: officeProcedure.query(() => "office"),
  account: accountProcedure.query(({ ctx }) => ctx.user.id),
  accountChange: accountProcedure.mutation(() => "changed"),
  signIn: signInProcedure.mutation(() => "signed in"),
  output: publicProcedure
    .input(z.object({ value: z.unknown() }))
    .output(syncOutput(z.object({ n: z.number().int() })))
    .query(({ input }) => input.value as { n: number }),
});
const createCaller = createCallerFactory(router);
type Shape = { message: string; code: number; data: Record<string, unknown> };

function ctx(user: Context["user"], apiKey: Context["apiKey"] = null): Context {
  const noop = () => {};
  return { user, apiKey, req: { headers: {} }, setHeader: noop, log: { info: noop, warn: noop, error: noop } } as unknown as Context;
}
const staff = { id: "u1", username: "sam", email: null, isAdmin: false, role: "office" as const, createdAt: new Date() };

async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  return err as TRPCError;
}

/** The error shape both doors send, as the router's own formatter builds it. */
function shapeOf(error: TRPCError, path: string): Shape {
  return router._def._config.errorFormatter({
    error,
    type: "query",
    path,
    input: undefined,
    ctx: undefined,
    shape: {
      message: error.message,
      code: -32603,
      data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), path, stack: "Error: at x" },
    },
  } as never);
}

describe("procedure builders and the error edge", () => {
  it("names the field in validation failures", async () => {
    const err = await failure(createCaller(ctx(null)).echo({ email: "nope" }));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.message).toBe("email: Please enter a valid email address");
    expect(shapeOf(err, "echo").data.issues).toEqual([{ path: "email", message: "Please enter a valid email address" }]);
  });

  it("joins several issues", () => {
    const r = z.object({ a: z.string(), b: z.number() }).safeParse({});
    expect(describeIssues(r.error!).message).toMatch(/^a: .+; b: .+$/);
  });

  it.each(DOMAIN_ERROR_KINDS)(
    "maps a %s domain error to its tRPC code and HTTP status, message unchanged",
    async (kind: DomainErrorKind) => {
      const err = await failure(createCaller(ctx(null)).domain({ kind }));
      expect(err.code).toBe(ERROR_EDGE[kind].code);
      expect(getHTTPStatusCodeFromError(err)).toBe(ERROR_EDGE[kind].status);
      expect(err.message).toBe(`the ${kind} text`);
      expect(err.cause).toBeInstanceOf(DomainError);
      expect(shapeOf(err, "domain").message).toBe(`the ${kind} text`);
    },
  );

  it("carries a domain error's field issues into the error shape", async () => {
    const err = await failure(createCaller(ctx(null)).fields());
    expect(err.code).toBe("BAD_REQUEST");
    expect(shapeOf(err, "fields").data.issues).toEqual([{ path: "startTime", message: "Use HH:MM" }]);
  });

  it("masks unexpected errors with the one generic message and never sends a stack", async () => {
    const err = await failure(createCaller(ctx(null)).boom());
    expect(err.code).toBe("INTERNAL_SERVER_ERROR");
    const shape = shapeOf(err, "boom");
    expect(shape.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(JSON.stringify(shape)).not.toContain("secret");
    expect(shape.data.stack).toBeUndefined();
  });

  it.each(["CONNECTION_SILENT", "CONNECTION_DESTROYED", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "ECONNREFUSED"])(
    "answers 503 with a retry message, not 500, when the database connection is lost (%s)",
    async (code) => {
      const err = await failure(createCaller(ctx(null)).lostConnection({ code }));
      expect(err.code).toBe("SERVICE_UNAVAILABLE");
      expect(getHTTPStatusCodeFromError(err)).toBe(503);
      expect(err.message).toBe(DATABASE_UNAVAILABLE);
    },
  );

  it("answers 503 to a statement cut by its timeout, and keeps other unexpected errors a 500", async () => {
    const timedOut = await failure(createCaller(ctx(null)).statementTimeout());
    expect(getHTTPStatusCodeFromError(timedOut)).toBe(503);
    const other = await failure(createCaller(ctx(null)).lostConnection({ code: "ENOENT" }));
    expect(other.code).toBe("INTERNAL_SERVER_ERROR");
  });

  it("treats a zod failure inside a procedure (not its input) as unexpected, not as the client's fault", async () => {
    const err = await failure(createCaller(ctx(null)).internalZod());
    expect(err.code).toBe("INTERNAL_SERVER_ERROR");
    expect(shapeOf(err, "internalZod").message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("enforces staff and admin access", async () => {
    await expect(createCaller(ctx(null)).staff()).rejects.toMatchObject({ code: "UNAUTHORIZED", message: "You must be logged in" });
    expect(await createCaller(ctx(staff)).staff()).toBe("sam");
    await expect(createCaller(ctx(staff)).admin()).rejects.toMatchObject({ code: "FORBIDDEN", message: "Admin access required" });
    await expect(createCaller(ctx(null)).admin()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await createCaller(ctx({ ...staff, isAdmin: true, role: "admin" })).admin()).toBe("ok");
  });

  it("lets office staff and admins make office calls, and refuses a crew member with 403", async () => {
    expect(await createCaller(ctx(staff)).office()).toBe("office");
    expect(await createCaller(ctx({ ...staff, isAdmin: true, role: "admin" })).office()).toBe("office");
    const crew = { ...staff, role: "crew" as const };
    expect(await createCaller(ctx(crew)).staff()).toBe("sam");
    await expect(createCaller(ctx(crew)).office()).rejects.toMatchObject({ code: "FORBIDDEN", message: OFFICE_ONLY });
    await expect(createCaller(ctx(null)).office()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("lets a session make account and sign-in calls, and refuses an API key there with one message, read or write", async () => {
    const admin = { ...staff, isAdmin: true, role: "admin" as const };
    expect(await createCaller(ctx(staff)).account()).toBe("u1");
    expect(await createCaller(ctx(staff)).accountChange()).toBe("changed");
    expect(await createCaller(ctx(null)).signIn()).toBe("signed in");
    for (const scope of ["read", "read-write"] as const) {
      const key = { id: "k1", name: "Zapier", scope } as unknown as Context["apiKey"];
      const caller = createCaller(ctx(admin, key));
      for (const call of [caller.account(), caller.accountChange(), caller.signIn(), caller.admin()]) {
        await expect(call).rejects.toMatchObject({ code: "FORBIDDEN", message: API_KEY_SESSION_ONLY });
      }
    }
  });

  it("records who may call each procedure in its meta, for the OpenAPI document", () => {
    const meta = (name: keyof typeof router._def.procedures) =>
      (router._def.procedures[name] as { _def: { meta?: { access?: string } } })._def.meta;
    expect(meta("echo")?.access).toBe("public");
    expect(meta("staff")?.access).toBe("staff");
    expect(meta("admin")?.access).toBe("admin");
    expect(meta("office")?.access).toBe("office");
    expect(meta("account")?.access).toBe("account");
    expect(meta("signIn")?.access).toBe("sign-in");
  });
});

describe("syncOutput", () => {
  const schema = z.object({ n: z.number().int() });

  it("is checked with the synchronous parse, and is still the schema it wraps", async () => {
    const wrapped = syncOutput(schema);
    expect(wrapped).toBeInstanceOf(z.ZodObject);
    // A clone of the schema: the OpenAPI document names it as the schema (its named component).
    expect(wrapped._zod.parent).toBe(schema);
    expect(wrapped.shape).toEqual(schema.shape);
    const asyncParse = vi.spyOn(schema, "parseAsync");
    try {
      await expect(wrapped.parseAsync({ n: 1, extra: true })).resolves.toEqual({ n: 1 });
      await expect(wrapped.parseAsync({ n: 1.5 })).rejects.toBeInstanceOf(ZodError);
      expect(asyncParse).not.toHaveBeenCalled();
    } finally {
      asyncParse.mockRestore();
    }
  });

  it("strips unknown keys from an answer and refuses a wrong one as an internal error", async () => {
    const caller = createCaller(ctx(null));
    await expect(caller.output({ value: { n: 2, secret: "x" } })).resolves.toEqual({ n: 2 });
    const err = await failure(caller.output({ value: { n: "2" } }));
    expect(err.code).toBe("INTERNAL_SERVER_ERROR");
  });
});
