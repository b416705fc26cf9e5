import { DEALER_SWITCH_NAMES } from "@/lib/domain/payment-methods/dealer-switches";
import type { AuthenticatedDealer } from "./find-dealer-by-api-key";
import type { DealerSettingsResponse } from "@/lib/api/schemas/responses/dealer-responses";

const state = (on: boolean) => (on ? "active" : "inactive");

/** GET /api/dealer/settings. */
export function dealerSettings(dealer: AuthenticatedDealer): DealerSettingsResponse {
  return {
    success: true,
    message: dealer.welcomeMessage ?? `Welcome, ${dealer.name}.`,
    dealer_name: dealer.name,
    payment_methods: Object.fromEntries(DEALER_SWITCH_NAMES.map((s) => [s, state(dealer.methods[s])])) as DealerSettingsResponse["payment_methods"],
  };
}
