import { afterAll } from "vitest";
import type { GatewayConnectorName } from "@/lib/integrations/connectors/registry";
import { gatewayReconConformance } from "../conformance/recon-gateway-journeys";
import { GATEWAY_ROWS } from "../conformance/table";
import { closeWorld } from "../conformance/world";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry for every open order at a later time (a deposit the partner ended): one such file at a time.
runsJobsForEveryRow();

/**
 * The reconciliation conformance suite for third-party gateways: every row's partner list against its simulator
 * (e2e/conformance/recon-gateway-journeys.ts), on the run's production server and PostgreSQL.
 */
const ONLY = (process.env.RECON_ROWS ?? "").split(",").filter(Boolean);
for (const [name, row] of Object.entries(GATEWAY_ROWS))
  if (ONLY.length === 0 || ONLY.includes(name)) gatewayReconConformance(name as GatewayConnectorName, row);

afterAll(() => closeWorld());
