/** `npm run docs:cli`: writes the admin CLI's command list into README.md from the CLI's own command table. */
import { readFileSync, writeFileSync } from "node:fs";
import { COMMANDS } from "../lib/edge/admin/commands";
import { withCommandList } from "../lib/edge/admin/usage";

writeFileSync("README.md", withCommandList(readFileSync("README.md", "utf8"), COMMANDS));
console.log("README.md: admin command list written");
