import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { CONTRACTS, THIRD_PARTY_CONTRACTS, type Contract } from "@/lib/api/contracts";
import { ENDPOINTS } from "./endpoints";
import { schemaType } from "./schema-type";

const LIB = path.join(process.cwd(), "lib");
/**
 * The lib/ folders the SDK's sources may come from: its own, and the pure signing code in lib/base/crypto that
 * the server's signature check shares with it (the Dockerfile copies both for the download).
 */
const SDK_SOURCES = ["api/sdk", "base/crypto"];
const ENDPOINTS_FILE = "api/sdk/endpoints.ts";
const read = (file: string) => readFile(path.join(LIB, file), "utf8");

/** The files one file imports from the SDK's sources, as paths under lib/ ("api/sdk/transport.ts"). */
function localImports(file: string, source: string): string[] {
  return [...source.matchAll(/from "(\.\/[\w-]+|@\/lib\/[\w/-]+)"/g)].flatMap(([, name]) => {
    const target = name!.startsWith("@/lib/")
      ? `${name!.slice("@/lib/".length)}.ts`
      : path.posix.join(path.posix.dirname(file), `${name}.ts`);
    if (!SDK_SOURCES.includes(path.posix.dirname(target)))
      throw new Error(`${file} imports ${name}, which the downloadable SDK cannot carry`);
    return [target];
  });
}

/** The files index.ts exports, each after the files it imports (index.ts itself only re-exports). */
async function sdkFiles(): Promise<{ file: string; source: string }[]> {
  const ordered: { file: string; source: string }[] = [];
  const visit = async (file: string) => {
    if (ordered.some((f) => f.file === file)) return;
    const source = await read(file);
    // endpoints.ts is written out from the contracts (endpointsSource), so what it imports is not carried.
    if (file !== ENDPOINTS_FILE) for (const dependency of localImports(file, source)) await visit(dependency);
    if (!ordered.some((f) => f.file === file)) ordered.push({ file, source });
  };
  const index = "api/sdk/index.ts";
  for (const file of localImports(index, await read(index))) await visit(file);
  return ordered;
}

/** The Node built-ins the files import, one import line per module ("node:crypto": createHash, createHmac, ...). */
function nodeImports(sources: string[]): string[] {
  const modules = new Map<string, Set<string>>();
  for (const source of sources) {
    for (const [, names, module] of source.matchAll(/^import \{([^}]+)\} from "(node:[\w/]+)";$/gm)) {
      const set = modules.get(module!) ?? new Set<string>();
      for (const name of names!
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean))
        set.add(name);
      modules.set(module!, set);
    }
  }
  return [...modules].map(([module, names]) => `import { ${[...names].sort().join(", ")} } from "${module}";`);
}
function jsonType(schema: z.ZodType, io: "input" | "output", indent: string): string {
  return schemaType(z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Parameters<typeof schemaType>[0], indent);
}

/**
 * endpoints.ts as the downloadable file carries it: the table of methods, paths and hashed headers written
 * out, and each endpoint's request and success types generated from its contract's schemas.
 */
function endpointsSource(): string {
  const entries = Object.entries(CONTRACTS) as [string, Contract][];
  const table = Object.entries(ENDPOINTS).map(
    ([id, e]) =>
      `  ${id}: ${JSON.stringify(e)
        .replace(/"(\w+)":/g, "$1: ")
        .replace(/,/g, ", ")},`,
  );
  const request = (c: Contract) => ((c.body ?? c.query) ? jsonType((c.body ?? c.query)!, "input", "  ") : "never");
  return [
    `const ENDPOINTS = {\n${table.join("\n")}\n} as const;`,
    "export type EndpointId = keyof typeof ENDPOINTS;",
    `export type ThirdPartyKind = ${Object.keys(THIRD_PARTY_CONTRACTS)
      .map((k) => JSON.stringify(k))
      .join(" | ")};`,
    "/** Each endpoint's success body. */",
    `export type Responses = ` +
      `{\n${entries.map(([id, c]) => `  ${id}: ${jsonType(c.response, "output", "  ")};`).join("\n")}\n};`,
    "/** Each endpoint's body (POST) or query (GET). */",
    `export type Requests = {\n${entries.map(([id, c]) => `  ${id}: ${request(c)};`).join("\n")}\n};`,
    "export type Res<Id extends EndpointId> = Responses[Id];",
    "export type Req<Id extends EndpointId> = Requests[Id];",
    "",
  ].join("\n");
}

/**
 * The SDK of lib/api/sdk, with the signing code it shares from lib/base/crypto, as one self-contained
 * TypeScript file an integrator downloads from /docs: the same code, with the endpoints' table and types taken from
 * their contracts written out (generated on every build
 * of the file, so it cannot drift from the API), and nothing to install but Node 18 or later.
 */
export async function bundleSdk(version: string): Promise<string> {
  const files = await sdkFiles();
  const sources = files.map((f) => (f.file === ENDPOINTS_FILE ? endpointsSource() : f.source));
  // File-local types of one name would collide in one module: later ones are renamed.
  const seen = new Set<string>();
  const local = (source: string, i: number) =>
    [...source.matchAll(/^type (\w+)/gm)].reduce((text, [, name]) => {
      if (!seen.has(name!)) return (seen.add(name!), text);
      return text.replace(new RegExp(`\\b${name}\\b`, "g"), `${name}${i}`);
    }, source);
  const body = sources
    .map((source, i) =>
      local(source.replace(/^import [^;]+;\n/gm, "").replace(/^export (type )?\{[^}]*\} from "[^"]+";\n/gm, ""), i),
    )
    .map((source, i) => `// ---- lib/${files[i]!.file} ----\n${source}`)
    .join("\n");
  const header = [
    `// Payment Integration Service SDK ${version}: a typed client for the provider and dealer APIs that signs`,
    "// every request (X-Api-Key, X-Timestamp, X-Hash) and verifies callbacks. One file, no dependencies:",
    "// Node 18+ (node:crypto and fetch) or any TypeScript setup. Generated from the service's own SDK and schemas.",
    "//",
    '//   import { ProviderClient, verifyCallback } from "./payment-sdk";',
    '//   const client = new ProviderClient({ baseUrl: "https://pay.example.com", apiKey, secretKey });',
    "//   const result = await client.startManualDeposit(credentialKey, { fullname, username, user_id, amount: " +
      "1500 });",
    "",
    ...nodeImports(sources),
    "",
  ].join("\n");
  return `${header}\n${body}`;
}
