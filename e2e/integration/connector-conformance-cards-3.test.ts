import { afterAll } from "vitest";
import type { CardConnectorName } from "@/lib/integrations/connectors/registry";
import { cardConformance } from "../conformance/card-journeys";
import { CARD_ROWS, rowsOfPart } from "../conformance/table";
import { closeWorld } from "../conformance/world";

/**
 * The conformance suite for card acquirers, part 3 of 3 (the table's rows split by rowsOfPart): every row runs the
 * same journeys against its simulator over real HTTP, through the production build and the run's PostgreSQL
 * (e2e/conformance). Rows with a real partner share one production server with the sandbox off; the sandbox
 * connector runs on the run's main server, where the sandbox is on.
 */
for (const [name, row] of rowsOfPart(CARD_ROWS, 3, 3)) cardConformance(name as CardConnectorName, row);

afterAll(() => closeWorld());
