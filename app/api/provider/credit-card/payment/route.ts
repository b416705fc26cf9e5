import { presentCardPayment } from "@/lib/api/presenters/card";
import { startCardPayment } from "@/lib/domain/cards/start-card-payment";
import { CONTRACTS } from "@/lib/api/contracts";
import { assertMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { findProviderSite } from "@/lib/domain/sites/find-provider-site";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.startCardPayment, async ({ provider, body }) => {
  const site = await findProviderSite(provider.id, body.credential_key);
  assertMethodEnabled(site.dealer, "CREDIT_CARD");
  return jsonResponse(
    presentCardPayment(
      await startCardPayment({
        origin: "PROVIDER",
        providerId: provider.id,
        siteId: site.id,
        dealerId: site.dealerId,
        userId: body.user_id,
        ...body,
      }),
    ),
  );
});
