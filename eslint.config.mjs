import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", "src/generated/", "data/", "test-results/", "playwright-report/", "next-env.d.ts"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // every line of the product goes through the one logger (src/server/log/logger.mjs; docs/operations.md "Logs")
  {
    files: ["src/**/*.{ts,tsx,mjs,js}", "scripts/start.mjs", "scripts/worker.ts"],
    ignores: ["src/server/log/logger.mjs"],
    rules: { "no-console": "error" },
  },
);
