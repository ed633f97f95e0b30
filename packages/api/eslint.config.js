import base from "@crawlguard/eslint-config";

export default [
  ...base,
  {
    // Services speak the domain's language: they throw DomainError (src/errors.ts), and trpc.ts
    // alone turns it into a tRPC code and HTTP status.
    files: ["src/services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@trpc/*", "trpc-to-openapi"],
              message: "Services throw DomainError from ../errors.js; trpc.ts maps it to the wire.",
            },
          ],
        },
      ],
    },
  },
];
