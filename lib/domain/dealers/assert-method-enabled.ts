import { DomainError } from "@/lib/base/errors/domain-error";

export type DealerMethod = "creditCard" | "eiban" | "manualIban";

const MESSAGES: Record<DealerMethod, string> = {
  creditCard: "Credit card payment is not enabled for this dealer",
  eiban: "E-IBAN payment is not enabled for this dealer",
  manualIban: "Manual bank transfer is not enabled for this dealer",
};

/** 403 when the dealer behind the site (or the calling dealer) has the method switched off. */
export function assertMethodEnabled(methods: { creditCardEnabled: boolean; eibanEnabled: boolean; manualIbanEnabled: boolean }, method: DealerMethod): void {
  const enabled = { creditCard: methods.creditCardEnabled, eiban: methods.eibanEnabled, manualIban: methods.manualIbanEnabled }[method];
  if (!enabled) throw DomainError.forbidden("Payment method disabled", MESSAGES[method]);
}

/** The same check for a dealer calling the dealer API. */
export function assertDealerMethodEnabled(dealer: { methods: { creditCard: boolean; eiban: boolean; manualIban: boolean } }, method: DealerMethod): void {
  assertMethodEnabled({ creditCardEnabled: dealer.methods.creditCard, eibanEnabled: dealer.methods.eiban, manualIbanEnabled: dealer.methods.manualIban }, method);
}
