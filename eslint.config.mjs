import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The domain owns every query and write: above it (routes, pages, components, the edge, the API's bodies)
 * and beside it (the connectors) nothing reaches the database but through a domain function. Types of the
 * database's records and its enums' values may be read anywhere (a presenter takes a row; a schema lists
 * the statuses). Tests set up their rows directly.
 */
const DATABASE_ACCESS = {
  group: [
    "**/base/db/prisma",
    "**/base/db/transaction",
    "**/base/db/work-leases",
    "**/base/db/listen",
    "**/generated/prisma/*",
    "!**/generated/prisma/enums",
    "@prisma/*",
    "pg",
  ],
  allowTypeImports: true,
  message: "Only lib/domain and lib/base reach the database: call (or add) a domain function instead.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: [
      "app/**",
      "components/**",
      "lib/edge/**",
      "lib/api/**",
      "lib/integrations/**",
      "proxy.ts",
      "instrumentation.ts",
    ],
    ignores: [
      "**/*.test.ts",
      "**/*.test.tsx",
      // The sandbox plays the bank, the card acquirer and the gateways; its tables are that partner's own books.
      "lib/integrations/sandbox/**",
      // The readiness probe asks the database itself whether it answers and has every migration applied.
      "lib/edge/http/readiness.ts",
    ],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [DATABASE_ACCESS] }] },
  },
  // Prettier breaks what it can at 120 columns; strings, comments and class lists are wrapped by hand.
  { files: ["lib/**", "app/**", "components/**"], rules: { "max-len": ["error", { code: 120, tabWidth: 2 }] } },
  globalIgnores([
    ".next/**",
    "dist/**",
    ".data/**",
    "lib/generated/**",
    "node_modules/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
