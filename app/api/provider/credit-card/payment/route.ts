import { withProvider } from "@/lib/edge/auth/with-provider";
import { startCardPayment } from "@/lib/domain/cards/start-card-payment";
import { assertMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { providerCardPaymentSchema } from "@/lib/domain/schemas/card-payment";
import { findProviderSite } from "@/lib/domain/sites/find-provider-site";

export const POST = withProvider({ signature: "timestamp", body: providerCardPaymentSchema }, async ({ req, provider, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => {
    const site = await findProviderSite(provider.id, body.credential_key);
    assertMethodEnabled(site.dealer, "creditCard");
    return jsonResponse(
      await startCardPayment({ origin: "PROVIDER", providerId: provider.id, siteId: site.id, dealerId: site.dealerId, userId: body.user_id, ...body }),
    );
  }),
);
