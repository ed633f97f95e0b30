import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.js";

export { appRouter, type AppRouter } from "./root.js";
export { buildOpenApiDocument, errorBodySchema, SESSION_SECURITY_SCHEME, type ErrorBody } from "./openapi.js";
export { createContextFactory, type ApiConfig, type Context, type ContextDeps, type Logger } from "./context.js";
export { DomainError, GENERIC_ERROR_MESSAGE, type DomainErrorKind, type FieldIssue } from "./errors.js";
export { createCallerFactory } from "./trpc.js";
// The contact form's success notice, for pages that show it without script (apps/server/src/contact-form.ts).
export { CONTACT_SUCCESS_MESSAGE } from "./services/contact.js";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
