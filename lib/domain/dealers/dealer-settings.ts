import type { AuthenticatedDealer } from "./find-dealer-by-api-key";
import type { DealerSettingsResponse } from "@/lib/domain/schemas/responses/dealer-responses";

const state = (on: boolean) => (on ? "active" : "inactive");

/** GET /api/dealer/settings. */
export function dealerSettings(dealer: AuthenticatedDealer): DealerSettingsResponse {
  return {
    success: true,
    message: dealer.welcomeMessage ?? `Welcome, ${dealer.name}.`,
    dealer_name: dealer.name,
    payment_methods: { credit_card: state(dealer.methods.creditCard), eiban: state(dealer.methods.eiban), manual_iban: state(dealer.methods.manualIban) },
  };
}
