import config from "@crawlguard/eslint-config";

// program/ is type-checked (and linted by the compiler) against freshly generated client types by
// apps/server's generated-client test: it has no types here.
export default [{ ignores: ["program/**", ".generated/**"] }, ...config];
