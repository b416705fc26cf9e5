/**
 * What `npm run new:connector` writes for a new partner: the connector (its port implemented by methods that
 * throw until written, so it compiles at once), a simulator skeleton (a real HTTP server that answers 501 until
 * it speaks the partner's wire format) and the conformance row (whose adapter throws until written), so the
 * conformance suite fails on every journey of the new partner from its first run.
 */

export type ConnectorKind = "card" | "gateway" | "bank";

export type Names = {
  /** The registry name, kebab-case: "acme-pos". */
  name: string;
  /** camelCase of the name: "acmePos". */
  camel: string;
  /** PascalCase of the name: "AcmePos". */
  pascal: string;
  label: string;
  kind: ConnectorKind;
};

export function namesOf(name: string, kind: ConnectorKind, label?: string): Names {
  const pascal = name
    .split("-")
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
  return { name, camel: pascal[0]!.toLowerCase() + pascal.slice(1), pascal, label: label ?? pascal, kind };
}

const PORTS: Record<ConnectorKind, { port: string; methods: string[] }> = {
  card: {
    port: "CardAcquirerConnector",
    methods: ["startCheckout", "verifyReturn", "inquire", "refund", "inquireRefund"],
  },
  gateway: { port: "GatewayConnector", methods: ["issueDeposit", "submitWithdrawal", "verifyNotification", "inquire"] },
  bank: {
    port: "BankConnector",
    methods: ["submitTransfer", "balance", "listTransactions", "verifyNotification", "inquireTransfer"],
  },
};

/**
 * What a new connector of each kind claims to do: what its port requires. A card connector's notification and void,
 * and any connector's report, are added to its specification as they are written.
 */
const FLOWS: Record<ConnectorKind, string[]> = {
  card: ["hosted-3d-payment", "status-inquiry", "refund", "refund-inquiry"],
  gateway: ["deposit", "withdrawal", "notification", "status-inquiry"],
  bank: ["transfer", "balance", "statement", "notification", "transfer-inquiry"],
};

export function specSource(n: Names): string {
  const checkout =
    n.kind === "card"
      ? `  checkout: "TODO: the partner's hosted model (3D_HOST: a signed form posted to its page)",\n`
      : "";
  return `import { defineSpec } from "../connector-spec";

/**
 * ${n.label}: what the connector is and how far it is proven, for the registry and docs/connectors.md's coverage
 * table (npm run docs:connectors). Keep it true as the connector grows: its flows, its report (reconciliation), and
 * its status, "simulated" once its conformance row passes against the simulator (the branch stays unmerged before).
 */
export const ${n.camel}Spec = defineSpec({
  kind: "${n.kind}",
  displayName: ${JSON.stringify(n.label)},
  status: "simulated",
${checkout}  flows: [${FLOWS[n.kind].map((f) => `"${f}"`).join(", ")}],
  reconciliation: { mode: "none", how: "no report yet (report-port.ts)" },
});
`;
}

export function connectorSource(n: Names): string {
  const { port, methods } = PORTS[n.kind];
  return `import { z } from "zod";
import type { ${port} } from "../ports";
import { ${n.camel}Spec } from "./spec";

/**
 * ${n.label} (${n.kind} partner), written from the partner's public documentation. Until each method is written it
 * throws, and the conformance suite (e2e/conformance/rows/${n.name}.ts against e2e/simulators/${n.name}) fails.
 *
 * The rules every connector keeps (docs/connectors.md, "Writing a connector"): what the partner sends is
 * verified (signature first, then order id, amount and currency equal to ours) before anything is recorded; a
 * lost message is recovered by the status inquiry; a call that got no answer is "unknown" (a PartnerCallError
 * of kind "retry"), never "failed". Amounts cross the wire only through ../amount-format.ts: the partner's way
 * of writing them is declared once (an AmountWriting for what is sent, an AmountReading for what is read back).
 */
const configSchema = z.strictObject({
  /** The merchant's id at ${n.label}. */
  merchantId: z.string().min(1).max(64),
  /** The secret the partner signs with. */
  secretKey: z.string().min(16),
  /** The partner's API base URL (its test host until go-live). */
  baseUrl: z.url(),
  /** How long one call may take (default 10000 ms); longer is no answer. */
  timeoutMs: z.number().int().min(500).max(120_000).optional(),
});

export type ${n.pascal}Config = z.infer<typeof configSchema>;

const unwritten = (what: string): Promise<never> => Promise.reject(new Error(\`${n.name}: \${what} is not written yet\`));

export const ${n.camel}Connector: ${port}<${n.pascal}Config> = {
  name: "${n.name}",
  kind: "${n.kind}",
  spec: ${n.camel}Spec,
  configSchema,
  secretKeys: ["secretKey"],

  testConnection: () => unwritten("testConnection"),
${methods.map((m) => `  ${m}: () => unwritten("${m}"),`).join("\n")}
};
`;
}

export function simulatorSource(n: Names): string {
  return `import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The simulated ${n.label} on 127.0.0.1, for the conformance suite and the connector's integration tests. It
 * answers 501 to everything until it speaks the partner's documented wire format, written from the partner's
 * documentation apart from the connector's code (the two must meet only on the wire), including the cases the
 * partner documents and our code might not expect.
 */
export type ${n.pascal}Simulator = {
  url: string;
  /** Every request received, oldest first. */
  calls: { method: string; path: string; body: string }[];
  stop(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  res.end(body);
}

export async function start${n.pascal}Simulator(options: { port?: number } = {}): Promise<${n.pascal}Simulator> {
  const calls: ${n.pascal}Simulator["calls"] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      calls.push({ method: req.method ?? "GET", path: req.url ?? "/", body });
      send(res, 501, "text/plain", "not simulated yet");
    })().catch(() => {
      if (!res.headersSent) send(res, 500, "text/plain", "simulator error");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  server.unref();
  return {
    url: \`http://127.0.0.1:\${(server.address() as AddressInfo).port}\`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
`;
}

/** What the reconciliation journeys change in the partner's books (e2e/conformance/types.ts, the kind's ReconControls). */
const RECON_CONTROLS: Record<ConnectorKind, string[]> = {
  card: ["panelRefund", "approveLate", "alterAmount", "failReports"],
  gateway: ["unknownDeposit", "alterAmount", "payTwice", "failReports"],
  bank: ["unbookedIncoming", "alterAmount", "payTwice", "failReports"],
};

const ROW_MEMBERS: Record<ConnectorKind, { type: string; fields: string; partner: string[] }> = {
  card: {
    type: "CardRow",
    fields: `  decline: { code: "TODO: the partner's decline code" },
  refundRefusedCode: "TODO: the partner's code for a refused refund",
  abandonedInquiry: "no-verdict",
  refundTimeoutMs: 2000,
  // TODO: the card the partner signs in its return and in its status answer ({ brand, last4 }), or null where none.
  cardShown: { approve: null, lostReturn: null },`,
    partner: [
      "configFor",
      "wrongConfig",
      "open",
      "pay",
      "refundsMade",
      "refuseRefunds",
      "slowRefunds",
      "loseRefunds",
      "payInBrowser",
    ],
  },
  gateway: {
    type: "GatewayRow",
    fields: `  method: "wallet",
  requiredFields: ["wallet_number"],
  declinedStatus: "canceled",
  withdrawalRefusal: "TODO: the words of the partner's refusal of a payout",`,
    partner: [
      "config",
      "wrongConfig",
      "payDeposit",
      "declineDeposit",
      "abandonDeposit",
      "payDepositSilently",
      "account",
      "settleWithdrawal",
      "loseNextWithdrawalAnswer",
      "payoutsOf",
    ],
  },
  bank: {
    type: "BankRow",
    fields: "",
    partner: [
      "config",
      "wrongConfig",
      "openAccount",
      "incoming",
      "incomingSilently",
      "transferNotice",
      "settleTransfer",
      "loseNextTransferAnswer",
      "transfersOf",
    ],
  },
};

export function rowSource(n: Names): string {
  const m = ROW_MEMBERS[n.kind];
  return `import { start${n.pascal}Simulator } from "../../simulators/${n.name}/server";
import type { ${m.type} } from "../types";

const unwritten = (what: string): never => {
  throw new Error(\`conformance row ${n.name}: \${what} is not written yet\`);
};

/**
 * ${n.label} against its simulator (e2e/simulators/${n.name}): the adapter the conformance journeys drive. Each
 * member throws until written, so every journey fails until the connector, the simulator and this row meet.
 * A journey that cannot apply to the partner goes in \`notApplicable\` with the partner's documented reason.
 */
export const ${n.camel}Row: ${m.type} = {
  simulator: "e2e/simulators/${n.name}",
${m.fields ? `${m.fields}\n` : ""}
  async start() {
    const sim = await start${n.pascal}Simulator();
    return {
      stop: () => sim.stop(),
      reset() {},
${m.partner.map((p) => `      ${p}: () => unwritten("${p}"),`).join("\n")}
      recon: {
${RECON_CONTROLS[n.kind].map((p) => `        ${p}: () => unwritten("recon.${p}"),`).join("\n")}
      },
    };
  },
};
`;
}
