import { presentWelcome } from "@/lib/api/presenters/connection";
import { CONTRACTS } from "@/lib/api/contracts";
import { welcomeProvider } from "@/lib/domain/providers/welcome-provider";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.welcome, async ({ provider }) =>
  jsonResponse(presentWelcome(await welcomeProvider(provider))),
);
