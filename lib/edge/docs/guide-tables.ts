import { CONTRACT_LIST, HASH_FORMULAS, METHOD_CONTRACTS, type Contract, type Signature } from "@/lib/api/contracts";
import {
  METHODS,
  PAYMENT_METHODS,
  THIRD_PARTY,
  type MethodDefinition,
  type ThirdPartyMethod,
} from "@/lib/domain/payment-methods";

/**
 * The integration guide's tables that name methods, kinds or endpoints (docs/integration.md), written from the
 * payment-method registry and the API contracts by `npm run docs:guide`, so a new kind or endpoint is in them at
 * once; guide-tables.test.ts keeps the committed guide equal to this rendering.
 */

type Method = (typeof METHODS)[number];
type Words = { customer: string; ends: string };

/**
 * What the customer does and how it ends, for each method that is not a third-party kind (a new one fails the type
 * check here); the third-party kinds share one row and are listed from the registry.
 */
const METHOD_WORDS: Record<Exclude<Method, ThirdPartyMethod>, Words> = {
  MANUAL_BANK: {
    customer: "deposit: opens `payment_url`, may change the amount, sees the IBAN, transfers and confirms",
    ends: "staff approve or reject; withdrawals are paid by staff",
  },
  EIBAN: {
    customer: "deposit: opens `payment_url` and transfers to the E-IBAN shown",
    ends:
      "deposits complete when the bank reports a matching payment; approved withdrawals are sent from the dealer's " +
      "E-IBAN wallet",
  },
  CREDIT_CARD: {
    customer:
      "opens `payment_url`, enters the card on the acquirer's page, passes 3-D Secure; after a decline may try " +
      "another card (at most three tries)",
    ends:
      "the acquirer's approval; three declines, or 15 minutes without completion, is failed (the last decline's " +
      "`error_code`, else `TIMEOUT`); a cancel is `cancelled`",
  },
};

const endpoint = (contract: Pick<Contract, "path">) => contract.path.replace(/^\/api\/provider\//, "");

/** A method's create endpoints: its provider endpoints that take an Idempotency-Key. */
function createsOf(method: Method): string[] {
  const provider: Record<string, Contract> = METHOD_CONTRACTS[method].provider;
  return Object.values(provider)
    .filter((c) => c.method === "post" && c.idempotent)
    .map(endpoint);
}

const row = (cells: string[]) => `| ${cells.join(" | ")} |`;

/** Section 3's table: every method, the third-party kinds in one row for deposits and one for withdrawals. */
export function methodsTable(): string {
  const own = METHODS.filter((m): m is Exclude<Method, ThirdPartyMethod> => m in METHOD_WORDS).map((m) => {
    const definition: MethodDefinition = PAYMENT_METHODS[m];
    const words = METHOD_WORDS[m];
    return row([definition.label, createsOf(m).join(" / "), words.customer, words.ends]);
  });
  const kinds = THIRD_PARTY.map((k) => k.kind);
  const coins = THIRD_PARTY.filter((k) => k.shape === "crypto").map((k) => k.kind);
  const chooseCoin = coins.length ? ` (and a coin for ${coins.join(", ")})` : "";
  return [
    "| Method | Create | What the customer does | How it ends |",
    "|---|---|---|---|",
    ...own,
    row([
      `Third-party ${kinds.join(", ")}`,
      `third-party/{${kinds.join(",")}}/start-deposit`,
      `opens \`payment_url\`, chooses a gateway${chooseCoin}, pays`,
      "the gateway confirms or declines",
    ]),
    row([
      "Third-party withdrawals",
      "list gateways, then start-withdrawal with `gateway_id` and the fields in `required_fields`",
      "nothing",
      "handed to the gateway right after the answer; the gateway completes, rejects or fails it",
    ]),
  ].join("\n");
}

/** Which endpoints a signing formula covers, in words where they are a family. */
const COVERS: Partial<Record<Signature, string>> = {
  dealer: "every dealer endpoint (`/api/dealer/...`), also when a site integration calls it (section 8)",
};

/** Section 2's table: each X-Hash formula and the endpoints signed with it, from the contracts. */
export function signingTable(): string {
  const bySignature = Map.groupBy(CONTRACT_LIST, (c) => c.signature);
  const rows = [...bySignature].map(([signature, contracts]) =>
    row([
      COVERS[signature] ?? contracts.map(endpoint).join(", "),
      HASH_FORMULAS[signature].replace(/X-[A-Za-z-]+/g, (header) => `\`${header}\``),
    ]),
  );
  return ["| Endpoints | X-Hash |", "|---|---|", ...rows].join("\n");
}

const TABLES = { signing: signingTable, methods: methodsTable } as const;
const start = (name: string) => `<!-- guide-table:${name}:start (npm run docs:guide writes this table) -->`;
const end = (name: string) => `<!-- guide-table:${name}:end -->`;

/** The guide with each generated table written between its markers. */
export function withGuideTables(guide: string): string {
  let text = guide;
  for (const [name, render] of Object.entries(TABLES)) {
    const from = text.indexOf(start(name));
    const to = text.indexOf(end(name));
    if (from < 0 || to < from) throw new Error(`docs/integration.md has no ${start(name)} ... ${end(name)} block`);
    text = `${text.slice(0, from)}${start(name)}\n${render()}\n${text.slice(to)}`;
  }
  return text;
}
