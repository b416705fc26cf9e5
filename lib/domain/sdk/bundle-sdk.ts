import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import * as cardPayment from "@/lib/domain/schemas/card-payment";
import * as dealerApi from "@/lib/domain/schemas/dealer-api";
import * as paymentRequests from "@/lib/domain/schemas/payment-requests";
import * as D from "@/lib/domain/schemas/responses/dealer-responses";
import * as P from "@/lib/domain/schemas/responses/provider-responses";
import * as T from "@/lib/domain/schemas/responses/third-party-responses";
import * as thirdParty from "@/lib/domain/schemas/third-party";
import { schemaType } from "./schema-type";

const SDK_DIR = path.join(process.cwd(), "lib", "domain", "sdk");
const read = (file: string) => readFile(path.join(SDK_DIR, file), "utf8");
const localImports = (source: string) => [...source.matchAll(/from "\.\/([\w-]+)"/g)].map(([, name]) => `${name}.ts`);

/** The files index.ts exports, each after the files it imports (index.ts itself only re-exports). */
async function sdkFiles(): Promise<{ file: string; source: string }[]> {
  const ordered: { file: string; source: string }[] = [];
  const visit = async (file: string) => {
    if (ordered.some((f) => f.file === file)) return;
    const source = await read(file);
    for (const dependency of localImports(source)) await visit(dependency);
    if (!ordered.some((f) => f.file === file)) ordered.push({ file, source });
  };
  for (const file of localImports(await read("index.ts"))) await visit(file);
  return ordered;
}

/** The Node built-ins the files import, one import line per module ("node:crypto": createHash, createHmac, ...). */
function nodeImports(sources: string[]): string[] {
  const modules = new Map<string, Set<string>>();
  for (const source of sources) {
    for (const [, names, module] of source.matchAll(/^import \{([^}]+)\} from "(node:[\w/]+)";$/gm)) {
      const set = modules.get(module!) ?? new Set<string>();
      for (const name of names!.split(",").map((n) => n.trim()).filter(Boolean)) set.add(name);
      modules.set(module!, set);
    }
  }
  return [...modules].map(([module, names]) => `import { ${[...names].sort().join(", ")} } from "${module}";`);
}
const SCHEMAS: Record<string, unknown> = { ...cardPayment, ...dealerApi, ...paymentRequests, ...D, ...P, ...T, ...thirdParty };

function jsonType(schema: unknown, io: "input" | "output"): string {
  return schemaType(z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: "any" }) as Parameters<typeof schemaType>[0]);
}

/**
 * The SDK of lib/domain/sdk as one self-contained TypeScript file an integrator downloads from /docs: the same
 * code, with the types it takes from the zod schemas written out (generated from those schemas on every
 * build of the file, so it cannot drift from the API), and nothing to install but Node 18 or later.
 */
export async function bundleSdk(version: string): Promise<string> {
  const files = await sdkFiles();
  const sources = files.map((f) => f.source);
  const types = new Map<string, string>();
  const named = (name: string, io: "input" | "output") => {
    const alias = `${io === "input" ? "In" : "Out"}_${name}`;
    const schema = SCHEMAS[name];
    if (!schema) throw new Error(`the SDK names a schema that is not bundled: ${name}`);
    if (!types.has(alias)) {
      // A record of schemas (per third-party kind) becomes an object type of their types.
      const entries = schema instanceof z.ZodType ? null : Object.entries(schema as Record<string, unknown>);
      types.set(alias, entries ? `{ ${entries.map(([k, s]) => `${k}: ${jsonType(s, io)};`).join(" ")} }` : jsonType(schema, io));
    }
    return alias;
  };
  // File-local types of one name (each client's Call) would collide in one module: later ones are renamed.
  const seen = new Set<string>();
  const local = (source: string, i: number) =>
    [...source.matchAll(/^type (\w+)/gm)].reduce((text, [, name]) => {
      if (!seen.has(name!)) return seen.add(name!), text;
      return text.replace(new RegExp(`\\b${name}\\b`, "g"), `${name}${i}`);
    }, source);
  const body = sources
    .map((source, i) =>
      local(
        source
          .replace(/^import [^;]+;\n/gm, "")
          .replace(/^type Out<[^;]+;\n/gm, "")
          .replace(/z\.input<\(typeof (\w+)\)\[(\w+)\]>/g, (_, name: string, key: string) => `${named(name, "input")}[${key}]`)
          .replace(/z\.(input|output)<typeof (\w+)>/g, (_, io: "input" | "output", name: string) => named(name, io))
          .replace(/Out<typeof (?:\w+\.)?(\w+)>/g, (_, name: string) => named(name, "output")),
        i,
      ),
    )
    .map((source, i) => `// ---- ${files[i]!.file} ----\n${source}`)
    .join("\n");
  const header = [
    `// Payment Integration Service SDK ${version}: a typed client for the provider and dealer APIs that signs`,
    "// every request (X-Api-Key, X-Timestamp, X-Hash) and verifies callbacks. One file, no dependencies:",
    "// Node 18+ (node:crypto and fetch) or any TypeScript setup. Generated from the service's own SDK and schemas.",
    "//",
    '//   import { ProviderClient, verifyCallback } from "./payment-sdk";',
    '//   const client = new ProviderClient({ baseUrl: "https://pay.example.com", apiKey, secretKey });',
    "//   const result = await client.startManualDeposit(credentialKey, { fullname, username, user_id, amount: 1500 });",
    "",
    ...nodeImports(sources),
    "",
    "// ---- request and response types (from the API's schemas) ----",
    ...[...types].map(([alias, type]) => `export type ${alias} = ${type};\n`),
  ].join("\n");
  return `${header}\n${body}`;
}
