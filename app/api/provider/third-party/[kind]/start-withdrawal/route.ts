import { presentThirdPartyWithdrawal } from "@/lib/api/presenters/third-party";
import { startThirdPartyWithdrawal } from "@/lib/domain/third-party/start-third-party-withdrawal";
import { withThirdParty } from "@/lib/edge/auth/with-third-party";
import { jsonResponse } from "@/lib/edge/http/json-response";

/** One module for every kind with contracts; scripts/server.ts answers any other kind with Next's 404. */
export const POST = withThirdParty("withdrawal", async ({ kind, provider, site, body }) =>
  jsonResponse(presentThirdPartyWithdrawal(await startThirdPartyWithdrawal(kind, provider, site, body))),
);
