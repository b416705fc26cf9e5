import { akbankPosConnector } from "./akbank-pos";
import { estV3Connector } from "./est-v3";
import { garantiConnector } from "./garanti";
import { httpPartnerBank } from "./http-partner/bank-connector";
import { httpPartnerGateway } from "./http-partner/gateway-connector";
import { instrumentedAll } from "./instrumented";
import { interposConnector } from "./interpos";
import { iyzicoConnector } from "./iyzico";
import { nowpaymentsConnector } from "./nowpayments";
import { paparaConnector } from "./papara";
import { payflexCpConnector } from "./payflex-cp";
import { payforConnector } from "./payfor";
import { paytrConnector } from "./paytr";
import type { ConnectorKind, ConnectorSpec } from "./connector-spec";
import type { BankConnector, CardAcquirerConnector, GatewayConnector } from "./ports";
import { sandboxCard } from "./sandbox-card";

/**
 * Every connector the service ships, per partner kind. Adding a partner is its folder under
 * lib/integrations/connectors/<name>/ plus one line here; the names become the `--connector NAME` values
 * of the admin CLI and the console's choices. Each is handed out measured (instrumented.ts): its calls to
 * the partner are timed and counted by outcome.
 */
// Each connector has its own config type, checked by its own schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

export const CARD_CONNECTORS = instrumentedAll({
  "sandbox-card": sandboxCard,
  "est-v3": estV3Connector,
  iyzico: iyzicoConnector,
  garanti: garantiConnector,
  paytr: paytrConnector,
  "akbank-pos": akbankPosConnector,
  payfor: payforConnector,
  interpos: interposConnector,
  "payflex-cp": payflexCpConnector,
} as const satisfies Record<string, CardAcquirerConnector<Any>>);
export const GATEWAY_CONNECTORS = instrumentedAll({
  "http-partner": httpPartnerGateway,
  nowpayments: nowpaymentsConnector,
  papara: paparaConnector,
} as const satisfies Record<string, GatewayConnector<Any>>);
export const BANK_CONNECTORS = instrumentedAll({
  "http-partner": httpPartnerBank,
} as const satisfies Record<string, BankConnector<Any>>);

export type CardConnectorName = keyof typeof CARD_CONNECTORS;
export type GatewayConnectorName = keyof typeof GATEWAY_CONNECTORS;
export type BankConnectorName = keyof typeof BANK_CONNECTORS;
/** Any connector's name: what the console's dictionaries word (a name shared by two kinds is one partner protocol). */
export type ConnectorName = CardConnectorName | GatewayConnectorName | BankConnectorName;

const specsOf = <K extends ConnectorKind, N extends string>(connectors: Record<N, { spec: ConnectorSpec<K> }>) =>
  Object.fromEntries(Object.entries<{ spec: ConnectorSpec<K> }>(connectors).map(([n, c]) => [n, c.spec])) as Record<
    N,
    ConnectorSpec<K>
  >;

/**
 * Every connector's specification (<name>/spec.ts), per kind and name: its display name, status, flows and
 * reconciliation, from which docs/connectors.md's coverage table is written (`npm run docs:connectors`).
 */
export const CONNECTOR_SPECS = {
  card: specsOf<"card", CardConnectorName>(CARD_CONNECTORS),
  gateway: specsOf<"gateway", GatewayConnectorName>(GATEWAY_CONNECTORS),
  bank: specsOf<"bank", BankConnectorName>(BANK_CONNECTORS),
};

/** The card connector of a stored name, or null for a name no longer (or never) shipped. */
export function cardConnector(name: string): CardAcquirerConnector<Any> | null {
  return Object.hasOwn(CARD_CONNECTORS, name) ? CARD_CONNECTORS[name as CardConnectorName] : null;
}
