import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "./commands";
import { commandLines, usageText, withCommandList } from "./usage";

describe("the admin CLI's command list", () => {
  const readme = readFileSync("README.md", "utf8");

  it("README.md lists every command of the CLI's table with its usage (npm run docs:cli writes it)", () => {
    for (const name of Object.keys(COMMANDS))
      expect(readme, `README.md does not list ${name}`).toMatch(
        new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( |$)`, "m"),
      );
    expect(readme).toBe(withCommandList(readme, COMMANDS));
  });

  it("help lists every command with its flags", () => {
    const text = usageText(COMMANDS);
    for (const line of commandLines(COMMANDS)) expect(text).toContain(`  ${line}\n`.trimEnd());
    expect(commandLines(COMMANDS)).toContain("acquirer:test --dealer ID (the connector's test connection)");
  });
});
