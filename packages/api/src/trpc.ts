import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { z, ZodError } from "zod";
import type { Context } from "./context.js";

export const GENERIC_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

interface FieldIssue {
  path: string;
  message: string;
}

/** Turns zod issues into one sentence that names each field: "email: Please enter a valid email address". */
export function describeIssues(error: ZodError): { message: string; issues: FieldIssue[] } {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
  return { message: message || "Invalid input", issues };
}

/** Carries field issues past trpc-to-openapi, which would replace a ZodError's text with a generic one. */
class InputError extends Error {
  override name = "InputError";
  constructor(readonly issues: FieldIssue[]) {
    super("Invalid input");
  }
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      const issues = error.cause instanceof InputError ? error.cause.issues : undefined;
      return {
        message: internal ? GENERIC_ERROR_MESSAGE : shape.message || "Request failed",
        code: shape.code,
        // No stack, ever: the detail is logged on the server instead.
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...(issues ? { issues } : {}) },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Input validation failures become a 400 whose message names the fields, on both doors. */
const namedValidationErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ZodError && result.error.code === "BAD_REQUEST") {
    const { message, issues } = describeIssues(result.error.cause);
    throw new TRPCError({ code: "BAD_REQUEST", message, cause: new InputError(issues) });
  }
  return result;
});

/** The input of a mutation that takes none: accepts no body or an empty object on both doors. */
export const noInput = z.object({}).optional();

export const publicProcedure = t.procedure.use(namedValidationErrors);

/** Any logged-in user (staff or admin); 401 otherwise. */
export const staffProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "You must be logged in" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Admins only; 401 when logged out, 403 for staff. */
export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "Admin access required" });
  return next();
});
