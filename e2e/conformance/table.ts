import type {
  BankConnectorName,
  CardConnectorName,
  GatewayConnectorName,
} from "@/lib/integrations/connectors/registry";
import { akbankPosRow } from "./rows/akbank-pos";
import { estV3Row } from "./rows/est-v3";
import { httpPartnerBankRow } from "./rows/http-partner-bank";
import { garantiRow } from "./rows/garanti";
import { httpPartnerGatewayRow } from "./rows/http-partner-gateway";
import { interposRow } from "./rows/interpos";
import { iyzicoRow } from "./rows/iyzico";
import { nowpaymentsRow } from "./rows/nowpayments";
import { paparaRow } from "./rows/papara";
import { payflexCpRow } from "./rows/payflex-cp";
import { payforRow } from "./rows/payfor";
import { paytrRow } from "./rows/paytr";
import { sandboxCardRow } from "./rows/sandbox-card";
import type { BankRow, CardRow, GatewayRow } from "./types";

/**
 * The conformance table: every registered connector (lib/integrations/connectors/registry.ts) with the
 * simulator it is tested against and its adapter. A connector added to the registry without a row here fails
 * the type check (the tables are keyed by the registry's names); `npm run new:connector` writes the row with the
 * connector.
 */
export const CARD_ROWS: Record<CardConnectorName, CardRow> = {
  "sandbox-card": sandboxCardRow,
  "est-v3": estV3Row,
  iyzico: iyzicoRow,
  garanti: garantiRow,
  paytr: paytrRow,
  "akbank-pos": akbankPosRow,
  payfor: payforRow,
  interpos: interposRow,
  "payflex-cp": payflexCpRow,
};

export const GATEWAY_ROWS: Record<GatewayConnectorName, GatewayRow> = {
  "http-partner": httpPartnerGatewayRow,
  nowpayments: nowpaymentsRow,
  papara: paparaRow,
};

export const BANK_ROWS: Record<BankConnectorName, BankRow> = {
  "http-partner": httpPartnerBankRow,
};

/**
 * The rows of `part` (1-based) of `parts`, every `parts`-th row from the part's own: the card rows run in three
 * files, so that they share the integration step's workers with the other files instead of ending it alone (110 s
 * in one file). A row added to the table lands in one of them.
 */
export function rowsOfPart<Row>(rows: Record<string, Row>, part: number, parts: number): [string, Row][] {
  return Object.entries(rows).filter((_, i) => i % parts === part - 1);
}
