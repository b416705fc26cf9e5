import { afterAll } from "vitest";
import type { BankConnectorName } from "@/lib/integrations/connectors/registry";
import { bankReconConformance } from "../conformance/recon-bank-journeys";
import { BANK_ROWS } from "../conformance/table";
import { closeWorld } from "../conformance/world";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the statement poller for every wallet at a later time (holding the running server's poller off a wallet): one
// such file at a time.
runsJobsForEveryRow();

/**
 * The reconciliation conformance suite for E-IBAN banks: every row's statement of a period against its simulator
 * (e2e/conformance/recon-bank-journeys.ts), on the run's production server and PostgreSQL.
 */
for (const [name, row] of Object.entries(BANK_ROWS)) bankReconConformance(name as BankConnectorName, row);

afterAll(() => closeWorld());
