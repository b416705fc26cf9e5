import { presentGateways } from "@/lib/api/presenters/third-party";
import { listGateways } from "@/lib/domain/third-party/list-gateways";
import { withThirdParty } from "@/lib/edge/auth/with-third-party";
import { jsonResponse } from "@/lib/edge/http/json-response";

/** One module for every kind with contracts; scripts/server.ts answers any other kind with Next's 404. */
export const GET = withThirdParty("gateways", async ({ kind }) =>
  jsonResponse(presentGateways(await listGateways(kind))),
);
