import { afterAll } from "vitest";
import type { CardConnectorName } from "@/lib/integrations/connectors/registry";
import { cardReconConformance } from "../conformance/recon-journeys";
import { CARD_ROWS } from "../conformance/table";
import { closeWorld } from "../conformance/world";

/**
 * The reconciliation conformance suite for card acquirers: every row's partner report against its simulator
 * (e2e/conformance/recon-journeys.ts), through the production build and the run's PostgreSQL.
 */
const ONLY = (process.env.RECON_ROWS ?? "").split(",").filter(Boolean);
for (const [name, row] of Object.entries(CARD_ROWS))
  if (ONLY.length === 0 || ONLY.includes(name)) cardReconConformance(name as CardConnectorName, row);

afterAll(() => closeWorld());
