// Flat config shared by every workspace: `export { default } from "@crawlguard/eslint-config"`.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/.turbo/**", "**/node_modules/**", "**/test-results/**", "**/*.gen.ts"] },
  js.configs.recommended,
  // Type-aware: every workspace lints from its own folder (npm run lint), where its tsconfig.json
  // decides each file's types.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: process.cwd() },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // TanStack Router's way out of a loader: throw notFound() or redirect(), which are not Errors.
      "@typescript-eslint/only-throw-error": [
        "error",
        { allow: [{ from: "package", package: "@tanstack/router-core", name: ["NotFoundError", "Redirect"] }] },
      ],
      // postgres.js's begin() can open a transaction on a busy connection without holding it
      // (packages/db/src/transaction.ts): every transaction goes through transaction(sql, fn).
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='begin'][callee.object.name=/^(sql|db|tx|conn)$/]",
          message: "Use transaction(sql, fn) from @crawlguard/db instead of sql.begin.",
        },
      ],
    },
  },
  {
    // Tests read untyped values on purpose: supertest's response bodies and vitest's asymmetric
    // matchers (expect.any, objectContaining) are `any`, and the assertions are what check their
    // shape. Every other type-checked rule holds in tests too; application code has them all.
    files: ["**/*.test.{ts,tsx}", "**/test/**/*.ts", "**/e2e/**/*.ts", "**/fuzz/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  // Plain JavaScript (configs, build scripts) is outside the TypeScript projects.
  { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
);
