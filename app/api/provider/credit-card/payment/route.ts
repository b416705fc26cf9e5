import { withProvider } from "@/lib/auth/with-provider";
import { startCardPayment } from "@/lib/cards/start-card-payment";
import { assertMethodEnabled } from "@/lib/dealers/assert-method-enabled";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { providerCardPaymentSchema } from "@/lib/schemas/card-payment";
import { findProviderSite } from "@/lib/sites/find-provider-site";

export const POST = withProvider({ signature: "timestamp", body: providerCardPaymentSchema }, async ({ req, provider, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => {
    const site = await findProviderSite(provider.id, body.credential_key);
    assertMethodEnabled(site.dealer, "creditCard");
    return jsonResponse(
      await startCardPayment({ origin: "PROVIDER", providerId: provider.id, siteId: site.id, dealerId: site.dealerId, userId: body.user_id, ...body }),
    );
  }),
);
