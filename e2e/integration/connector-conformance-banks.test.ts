import { afterAll } from "vitest";
import type { BankConnectorName } from "@/lib/integrations/connectors/registry";
import { bankConformance } from "../conformance/bank-journeys";
import { BANK_ROWS } from "../conformance/table";
import { closeWorld } from "../conformance/world";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry or the statement poller for every open row at a later time: one such file at a time.
runsJobsForEveryRow();

/**
 * The conformance suite for E-IBAN bank connectors: every row of the table's banks runs the same journeys
 * against its simulator over real HTTP, on the run's production server and PostgreSQL (e2e/conformance):
 * wallets configured through the admin CLI, the bank's notifications to /api/webhooks/bank, the statement
 * poller, and withdrawals paid out as transfers.
 */
for (const [name, row] of Object.entries(BANK_ROWS)) bankConformance(name as BankConnectorName, row);

afterAll(() => closeWorld());
