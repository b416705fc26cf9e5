import { afterAll } from "vitest";
import type { GatewayConnectorName } from "@/lib/integrations/connectors/registry";
import { gatewayConformance } from "../conformance/gateway-journeys";
import { GATEWAY_ROWS } from "../conformance/table";
import { closeWorld } from "../conformance/world";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry or the statement poller for every open row at a later time: one such file at a time.
runsJobsForEveryRow();

/**
 * The conformance suite for third-party gateways: every row of the table's gateways runs the same journeys
 * against its simulator over real HTTP, on the run's production server and PostgreSQL (e2e/conformance):
 * deposits through the provider API and our payment page's choice, the partner's notifications, the status
 * inquiry job, withdrawals handed to the partner.
 */
for (const [name, row] of Object.entries(GATEWAY_ROWS)) gatewayConformance(name as GatewayConnectorName, row);

afterAll(() => closeWorld());
