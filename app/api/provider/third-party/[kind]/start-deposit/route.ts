import { presentThirdPartyDeposit } from "@/lib/api/presenters/third-party";
import { startThirdPartyDeposit } from "@/lib/domain/third-party/start-third-party-deposit";
import { withThirdParty } from "@/lib/edge/auth/with-third-party";
import { jsonResponse } from "@/lib/edge/http/json-response";

/** One module for every kind with contracts; scripts/server.ts answers any other kind with Next's 404. */
export const POST = withThirdParty("deposit", async ({ kind, provider, site, body }) =>
  jsonResponse(presentThirdPartyDeposit(await startThirdPartyDeposit(kind, provider, site, body))),
);
