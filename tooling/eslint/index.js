// Flat config shared by every workspace: `export { default } from "@crawlguard/eslint-config"`.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/.turbo/**", "**/node_modules/**", "**/test-results/**", "**/*.gen.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
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
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
);
