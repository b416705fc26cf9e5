import type { Commands } from "./command";

/** One line per command, `name usage`, in the table's order: what `admin -- help` prints and the README lists. */
export function commandLines(commands: Commands): string[] {
  return Object.entries(commands).map(([name, command]) => `${name} ${command.usage}`.trimEnd());
}

export function usageText(commands: Commands): string {
  return [
    "Usage: npm run --silent admin -- <command> [--flags]",
    "       npm run --silent admin -- help",
    "",
    ...commandLines(commands).map((line) => `  ${line}`),
  ].join("\n");
}

export const README_CLI_START =
  "<!-- admin-commands:start (npm run docs:cli writes this list from lib/edge/admin/commands.ts) -->";
export const README_CLI_END = "<!-- admin-commands:end -->";

/** The README with its command list written from the table, so a command added to the CLI is documented. */
export function withCommandList(readme: string, commands: Commands): string {
  const start = readme.indexOf(README_CLI_START);
  const end = readme.indexOf(README_CLI_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${README_CLI_START} ... ${README_CLI_END} block`);
  const block = [README_CLI_START, "```", ...commandLines(commands), "```", ""].join("\n");
  return readme.slice(0, start) + block + readme.slice(end);
}
