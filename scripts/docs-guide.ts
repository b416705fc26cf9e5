/** `npm run docs:guide`: writes docs/integration.md's tables of methods and signing formulas from the registry. */
import { readFileSync, writeFileSync } from "node:fs";
import { withGuideTables } from "../lib/edge/docs/guide-tables";

writeFileSync("docs/integration.md", withGuideTables(readFileSync("docs/integration.md", "utf8")));
console.log("docs/integration.md: method and signing tables written");
