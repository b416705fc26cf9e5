import type { CardConnectorName } from "@/lib/integrations/connectors/registry";
import { estV3Row } from "./rows/est-v3";
import { garantiRow } from "./rows/garanti";
import { iyzicoRow } from "./rows/iyzico";
import { paytrRow } from "./rows/paytr";
import { sandboxCardRow } from "./rows/sandbox-card";
import type { CardRow } from "./types";

/**
 * The conformance table: every registered connector (lib/integrations/connectors/registry.ts) with the
 * simulator it is tested against and its adapter. A connector added to the registry without a row here fails
 * the type check (the tables are keyed by the registry's names); `npm run new:connector` writes
 * the row with the connector.
 */
export const CARD_ROWS: Record<CardConnectorName, CardRow> = {
  "sandbox-card": sandboxCardRow,
  "est-v3": estV3Row,
  iyzico: iyzicoRow,
  garanti: garantiRow,
  paytr: paytrRow,
};
