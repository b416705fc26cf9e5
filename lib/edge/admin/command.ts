import { readFileSync } from "node:fs";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { ParsedArgs } from "./parse-args";
import { refusal, type NamedEntity } from "@/lib/base/messages/errors";

/** One admin CLI command: its usage line, the flags it accepts (others are refused) and what it runs. */
export type Command = {
  usage: string;
  flags: string[];
  run: (args: ParsedArgs, actor: Actor) => Promise<unknown>;
  /** A result that reports a failure (a connection test that failed): printed as usual, exit code 1. */
  failed?: (result: unknown) => boolean;
  /** The result is a text to print as it is (a command to paste or pipe into a shell), not a JSON object. */
  plain?: boolean;
};

export type Commands = Record<string, Command>;

export function positiveInt(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n <= 0)
    throw DomainError.validation([refusal("positiveWhole", { flag })]);
  return n;
}

/** An optional id filter (`--dealer 3`), undefined when the flag is absent. */
export function optionalId(value: string | undefined, flag: string): number | undefined {
  return value === undefined ? undefined : positiveInt(value, flag);
}

/** `--active true|false` (a bare `--active` is true); undefined when absent. */
export function booleanFlag(value: string | undefined, flag: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "true" || value === "yes") return true;
  if (value === "false" || value === "no") return false;
  throw DomainError.validation([refusal("trueOrFalse", { flag })]);
}

/** Refuses an update that names nothing to change, instead of writing an audit entry for nothing. */
/**
 * The password of --password, or of --password-file (a file's first line; "-" reads standard input), which keeps
 * it out of the shell's history and of `ps`. Undefined when neither is given.
 */
export function passwordFlag(flags: Record<string, string>): string | undefined {
  const file = flags["password-file"];
  if (file === undefined) return flags.password;
  if (flags.password !== undefined) throw DomainError.validation([refusal("passwordTwice")]);
  try {
    return readFileSync(file === "-" ? 0 : file, "utf8").split(/\r?\n/)[0];
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw DomainError.validation([refusal("passwordFileUnreadable", { file, reason })]);
  }
}

export function requireSomeFlag(flags: Record<string, string>, names: string[]): void {
  if (!names.some((name) => flags[name] !== undefined))
    throw DomainError.validation([refusal("atLeastOneFlag", { flags: names.map((n) => `--${n}`).join(", ") })]);
}

export function notFound(what: NamedEntity, id: number): never {
  throw DomainError.notFound(refusal("doesNotExist", { entity: what, id }));
}

/** A list command's single JSON object: the rows under their name, and how many there are. */
export function listed<T>(name: string, rows: T[]): Record<string, unknown> {
  return { [name]: rows, count: rows.length };
}

/** `<thing>:set-ips`: replaces a provider's or dealer's whitelist, then shows the thing as its list does. */
export function setIpsCommand(
  update: (id: number, text: string, actor: Actor) => Promise<unknown>,
  shown: (id: number) => Promise<unknown>,
): Command {
  return {
    usage: '--id ID --ips a,b (--ips "" empties the whitelist)',
    flags: ["id", "ips"],
    run: async ({ flags }, actor) => {
      requireSomeFlag(flags, ["ips"]);
      const id = positiveInt(flags.id, "id");
      await update(id, flags.ips!, actor);
      return shown(id);
    },
  };
}

/** `<thing>:rotate-secret`: a new secret, the old one verifying for the grace period. */
export function rotateSecretCommand(
  rotate: (id: number, actor: Actor, graceSeconds: number) => Promise<unknown>,
): Command {
  return {
    usage: "--id ID [--grace SECONDS]",
    flags: ["id", "grace"],
    run: ({ flags }, actor) =>
      rotate(positiveInt(flags.id, "id"), actor, flags.grace === undefined ? 0 : Number(flags.grace)),
  };
}

type Flags = Record<string, string>;

/**
 * `<thing>:update --id ID [--field value ...]`: changes only the fields named, over the thing's current
 * values, through the console's own domain function; prints the thing as its list command shows it.
 */
export function updateCommand<T>(spec: {
  what: NamedEntity;
  usage: string;
  fields: string[];
  load: (id: number) => Promise<T | null>;
  save: (id: number, flags: Flags, current: T, actor: Actor) => Promise<unknown>;
  shown?: (id: number) => Promise<unknown>;
}): Command {
  return {
    usage: `--id ID ${spec.usage}`,
    flags: ["id", ...spec.fields],
    run: async ({ flags }, actor) => {
      const id = positiveInt(flags.id, "id");
      requireSomeFlag(flags, spec.fields);
      const current = (await spec.load(id)) ?? notFound(spec.what, id);
      const saved = await spec.save(id, flags, current, actor);
      return spec.shown ? spec.shown(id) : saved;
    },
  };
}
