import base from "@crawlguard/eslint-config";

export default [
  ...base,
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      // Both entry points reach every Chakra recipe and would put them all in
      // the home page bundle: see src/theme/system.ts.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@chakra-ui/react", message: 'Import the component\'s entry point, e.g. "@chakra-ui/react/button".' },
            { name: "@chakra-ui/react/theme", message: "Use src/theme/chakra-theme.gen.ts (scripts/generate-chakra-theme.mjs)." },
          ],
        },
      ],
    },
  },
];
