/**
 * `npm run --silent admin -- <command> [--flags]`: one JSON object on stdout (or, for a command that prints a
 * command to paste, that text); on bad input a message on stderr and exit code 2; 1 for unexpected failures and
 * for a result that reports one (a failed connection test).
 */
import { applySecretFiles, bootConfig } from "../lib/base/config/env";
import { ConfigRefusal } from "../lib/base/config/config-refusal";
import { enterRunMode } from "../lib/base/config/run-mode";
import { COMMANDS } from "../lib/edge/admin/commands";
import { parseArgs } from "../lib/edge/admin/parse-args";
import { announcementsSettled } from "../lib/domain/outbox/dispatch";
import { ensureDatabase, type DatabaseHandle } from "../lib/base/db/ensure-database";
import { applyMigrations } from "../lib/base/db/migrations";
import { registryKeys } from "../lib/domain/payment-methods/registry-keys";
import { directDatabaseUrl } from "../lib/base/db/connection-settings";
import { refuseUndeclaredPooler } from "../lib/base/db/pooler-detection";
import { disconnectPrisma } from "../lib/base/db/prisma";
import { isInputRefusal, refusalLines } from "../lib/edge/admin/refusal-lines";
import { usageText } from "../lib/edge/admin/usage";

const usage = () => usageText(COMMANDS);

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

// Decided as the server decides it (lib/base/config/run-mode.ts): on a database other than the embedded development
// one the CLI is production's, whatever NODE_ENV the operator's shell has.
enterRunMode();
const args = parseArgs(process.argv.slice(2));
// `help`, `--help` and `-h` are asked for, not mistakes: the command list on stdout, exit 0.
if (args.command === "help" || args.command === "--help" || args.command === "-h") {
  process.stdout.write(`${usage()}\n`);
  process.exit(0);
}
const command = args.command ? COMMANDS[args.command] : undefined;
if (!command) fail(args.command ? `Unknown command "${args.command}".\n\n${usage()}` : usage());
const unknown = Object.keys(args.flags).filter((flag) => !command.flags.includes(flag));
if (unknown.length)
  fail(
    `Unknown option(s) for ${args.command}: ${unknown.map((f) => `--${f}`).join(", ")}\nUsage: ${args.command} ${command.usage}`,
  );

let database: DatabaseHandle | undefined;
let exitCode = 0;
try {
  // Run inside the container, the CLI reads the secrets from the same files as the server (NAME_FILE), and refuses
  // what the server refuses (every problem at once): it seals secrets and creates what moves money.
  applySecretFiles();
  bootConfig();
  database = await ensureDatabase((line) => console.error(line));
  await refuseUndeclaredPooler();
  // The migrations' advisory lock needs a session: DIRECT_DATABASE_URL when DATABASE_URL is a pooler.
  await applyMigrations(directDatabaseUrl() ?? database.url, registryKeys());
  const result = await command.run(args, { label: "cli" });
  process.stdout.write(`${command.plain ? String(result) : JSON.stringify(result)}\n`);
  if (command.failed?.(result)) {
    // Said on stderr too, for a shell script or a person reading only the exit status and the error stream.
    console.error(`${args.command}: ${(result as { message?: string }).message ?? "failed"}`);
    exitCode = 1;
  }
} catch (error) {
  const messages = refusalLines(error);
  if (error instanceof ConfigRefusal) {
    console.error(`${args.command}: refused, ${error.message}`);
    exitCode = 2;
  } else if (messages) {
    const usage = isInputRefusal(error) ? `\nUsage: ${args.command} ${command.usage}` : "";
    console.error(`${args.command}: ${messages.join("; ")}${usage}`);
    exitCode = 2;
  } else {
    // An embedded PostgreSQL that cannot run here says why in its message, in one line.
    console.error(error instanceof Error ? error.message : String(error));
    exitCode = 1;
  }
} finally {
  // A resend or test callback announced to Inngest is sent before the process exits.
  await announcementsSettled();
  await disconnectPrisma();
  await database?.embedded?.stop();
}
process.exit(exitCode);
