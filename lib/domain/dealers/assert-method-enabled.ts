import { DomainError } from "@/lib/base/errors/domain-error";
import {
  DEALER_SWITCH_OF,
  switchStates,
  type DealerSwitch,
  type DealerSwitchColumns,
} from "@/lib/domain/payment-methods/dealer-switches";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import { refusal } from "@/lib/base/messages/errors";

/** The refusal when a method the dealer switches is off; methods without a switch pass. */
function assertSwitchOn(states: Record<DealerSwitch, boolean>, method: PaymentMethod): void {
  const name = DEALER_SWITCH_OF[method];
  if (name && !states[name])
    throw DomainError.forbidden("Payment method disabled", refusal("methodDisabled", { method: name }));
}

/** 403 when the dealer behind the site has the method switched off. */
export function assertMethodEnabled(dealer: DealerSwitchColumns, method: PaymentMethod): void {
  assertSwitchOn(switchStates(dealer), method);
}

/** The same check for a dealer calling the dealer API. */
export function assertDealerMethodEnabled(
  dealer: { methods: Record<DealerSwitch, boolean> },
  method: PaymentMethod,
): void {
  assertSwitchOn(dealer.methods, method);
}
