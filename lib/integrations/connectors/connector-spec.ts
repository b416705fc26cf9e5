/**
 * A connector's specification: what it is and how far it is proven, declared beside it (<name>/spec.ts) and read
 * by the registry, the admin CLI and docs/connectors.md's coverage table (`npm run docs:connectors`). What the code
 * can show is checked against the connector (connector-specs.test.ts): its notifications, its reconciliation's mode
 * and whether it is a sandbox.
 */

/**
 * How far a connector is proven, in the order it gets there. Say only what was done: a connector whose journeys pass
 * against our simulator of the partner's documented wire format is `simulated`, however faithful the simulator.
 */
export const CONNECTOR_STATUSES = {
  sandbox: "the service's own sandbox partner: development and tests only, refused in production",
  simulated:
    "written from the partner's public documentation and tested against our simulator of its wire format; " +
    "not yet run against the partner",
  "partner-test-host": "certified on the partner's test host",
  live: "taking live payments",
} as const;
export type ConnectorStatus = keyof typeof CONNECTOR_STATUSES;

/** What a card connector can do, in the docs' words. */
export const CARD_FLOWS = {
  "hosted-3d-payment": "3-D hosted payment",
  notification: "server notification",
  "status-inquiry": "status inquiry",
  refund: "refund",
  void: "void",
  "refund-inquiry": "refund inquiry",
} as const;
export const GATEWAY_FLOWS = {
  deposit: "deposit",
  withdrawal: "withdrawal (payout)",
  notification: "notification",
  "status-inquiry": "status inquiry",
} as const;
export const BANK_FLOWS = {
  transfer: "transfer",
  balance: "balance",
  statement: "statement polling",
  notification: "notification",
  "transfer-inquiry": "transfer inquiry",
} as const;

const FLOWS = { card: CARD_FLOWS, gateway: GATEWAY_FLOWS, bank: BANK_FLOWS } as const;
export type ConnectorKind = keyof typeof FLOWS;
export type FlowOf<K extends ConnectorKind> = keyof (typeof FLOWS)[K];

/** A specification's flows in the docs' words. */
export const flowWords = (spec: ConnectorSpec): string[] =>
  spec.flows.map((flow) => (FLOWS[spec.kind] as Record<string, string>)[flow as string]!);

/**
 * How the daily reconciliation learns what the partner did (report-port.ts): a list of a period (a calendar day per
 * call, or a window of time), an inquiry per order of the day, or nothing yet. `how` names the partner's call.
 */
export type ReconciliationSupport =
  | { mode: "list"; period: "day" | "window"; how: string }
  | { mode: "per_order"; how: string }
  | { mode: "none"; how: string };

export type ConnectorSpec<K extends ConnectorKind = ConnectorKind> = {
  readonly kind: K;
  /** The partner and its product, as docs and the CLI name it ("EST 3D Pay Hosting (Payten/Asseco)"). */
  readonly displayName: string;
  readonly status: ConnectorStatus;
  readonly flows: readonly FlowOf<K>[];
  readonly reconciliation: ReconciliationSupport;
} & (K extends "card"
  ? /** How the customer pays: the partner's hosted model ("3D_PAY_HOSTING: a signed form posted to the 3-D gate"). */
    { readonly checkout: string }
  : { readonly checkout?: never });

/** A specification, its flows checked against its kind's. */
export function defineSpec<K extends ConnectorKind>(spec: ConnectorSpec<K>): ConnectorSpec<K> {
  return spec;
}
