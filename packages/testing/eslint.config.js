import config from "@crawlguard/eslint-config";

// Everything here is test code: it reads untyped response bodies on purpose, like the tests do.
export default [
  ...config,
  {
    files: ["src/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
];
