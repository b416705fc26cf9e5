import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CATALOGUE, withSandboxGateway } from "./sandbox-gateway";

/**
 * The scaffold behind `npm run new:method -- <name> --kind bank|crypto|wallet`: a new third-party method of an
 * existing account shape. It writes the method's definition, registers it and gives it a sandbox gateway: no
 * migration (the database's payment_method_keys takes the registry's methods whenever an entry point migrates), and
 * the sandbox pays it by its shape. From there the type check names what is left (the method's words in both
 * languages) and the tests name the docs.
 */

export const SHAPES = ["bank", "crypto", "wallet"] as const;
export type Shape = (typeof SHAPES)[number];
const NAME = /^[a-z][a-z0-9]{1,19}$/;

const REGISTRY = "lib/domain/payment-methods/index.ts";

export class ScaffoldError extends Error {}

export type MethodNames = { kind: string; method: string; family: string; folder: string; prefixes: [string, string] };

export function namesOf(name: string): MethodNames {
  const upper = name.toUpperCase();
  const letter = upper[0]!;
  return {
    kind: name,
    method: `TP_${upper}`,
    family: upper,
    folder: `tp-${name}`,
    prefixes: [`TP${letter}D`, `TP${letter}W`],
  };
}

function definitionSource(names: MethodNames, shape: Shape, label: string): string {
  return `import { thirdPartyMethod } from "../third-party-rules";

/** ${label}: deposits and withdrawals through a chosen ${names.family} gateway (a ${shape} account). */
export const ${names.method} = thirdPartyMethod({
  kind: "${names.kind}",
  shape: "${shape}",
  label: "${label}",
  prefixes: { deposit: "${names.prefixes[0]}", withdrawal: "${names.prefixes[1]}" },
});
`;
}

/** Whether a method definition already spells this prefix (a new method's prefixes must differ). */
function prefixTaken(root: string, prefix: string): boolean {
  const dir = path.join(root, "lib/domain/payment-methods");
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, "method.ts")))
    .some((e) => readFileSync(path.join(dir, e.name, "method.ts"), "utf8").includes(`"${prefix}"`));
}

export function scaffoldMethod(root: string, name: string, shape: string, label?: string) {
  if (!NAME.test(name))
    throw new ScaffoldError(`"${name}" is not a method name: 2 to 20 lower-case letters and digits (papara)`);
  if (!SHAPES.includes(shape as Shape)) throw new ScaffoldError(`--kind must be one of ${SHAPES.join(", ")}`);
  const names = namesOf(name);
  const folder = path.join(root, "lib/domain/payment-methods", names.folder);
  if (existsSync(folder)) throw new ScaffoldError(`${path.relative(root, folder)} exists already`);
  const taken = names.prefixes.filter((p) => prefixTaken(root, p));
  if (taken.length) throw new ScaffoldError(`the prefixes ${taken.join(", ")} are taken: choose another name`);
  const registryFile = path.join(root, REGISTRY);
  const registry = readFileSync(registryFile, "utf8")
    .replace(
      /^(import \{ TP_WALLET \} from "\.\/tp-wallet\/method";)$/m,
      `$1\nimport { ${names.method} } from "./${names.folder}/method";`,
    )
    .replace(/^(export const PAYMENT_METHODS = \{[\s\S]*?)(\n\} as const satisfies)/m, `$1\n  ${names.method},$2`);
  if (!registry.includes(`  ${names.method},`)) throw new ScaffoldError(`${REGISTRY}: PAYMENT_METHODS was not found`);
  const catalogueFile = path.join(root, CATALOGUE);
  const catalogue = withSandboxGateway(
    readFileSync(catalogueFile, "utf8"),
    names,
    shape as Shape,
    label ?? names.family,
  );
  if (!catalogue) throw new ScaffoldError(`${CATALOGUE}: SANDBOX_GATEWAYS_BY_KIND was not found`);
  // Everything checked: now write.
  mkdirSync(folder);
  writeFileSync(path.join(folder, "method.ts"), definitionSource(names, shape as Shape, label ?? names.family));
  writeFileSync(registryFile, registry);
  writeFileSync(catalogueFile, catalogue);
  return {
    names,
    written: [path.relative(root, path.join(folder, "method.ts"))],
    edited: [REGISTRY, CATALOGUE],
  };
}
