/** `npm run docs:connectors`: writes docs/connectors.md's coverage table from each connector's specification. */
import { readFileSync, writeFileSync } from "node:fs";
import { withCoverageTable } from "../lib/edge/docs/connector-coverage";

writeFileSync("docs/connectors.md", withCoverageTable(readFileSync("docs/connectors.md", "utf8")));
console.log("docs/connectors.md: connector coverage table written");
