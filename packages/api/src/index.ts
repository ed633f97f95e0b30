import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.js";

export { appRouter, type AppRouter } from "./root.js";
export { buildOpenApiDocument } from "./openapi.js";
export { createContextFactory, type ApiConfig, type Context, type ContextDeps, type Logger } from "./context.js";
export { createCallerFactory, GENERIC_ERROR_MESSAGE } from "./trpc.js";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
