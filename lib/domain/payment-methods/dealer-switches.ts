import type { Dealer } from "@/lib/generated/prisma/client";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import { METHODS, PAYMENT_METHODS } from "./index";
import type { DealerSwitch } from "./lifecycle-types";

export type { DealerSwitch } from "./lifecycle-types";

/** The Dealer columns that turn a payment method on or off. */
type SwitchColumn = {
  [K in keyof Dealer]: K extends `${string}Enabled` ? (Dealer[K] extends boolean ? K : never) : never;
}[keyof Dealer];

/**
 * The switches a dealer turns payment methods on and off with, in the order the API, the CLI and the console
 * list them: the name they use and the Dealer column that holds it (the refusal while it is off is the
 * catalogue's methodDisabled, lib/base/messages/errors.ts).
 */
export const DEALER_SWITCHES = {
  credit_card: { column: "creditCardEnabled" },
  eiban: { column: "eibanEnabled" },
  manual_iban: { column: "manualIbanEnabled" },
} as const satisfies Record<DealerSwitch, { column: SwitchColumn }>;

export const DEALER_SWITCH_NAMES = Object.keys(DEALER_SWITCHES) as [DealerSwitch, ...DealerSwitch[]];

/**
 * The switch each payment method answers to (null: not switched per dealer), as its definition says. A new
 * switch name fails the type check at DEALER_SWITCHES until it has its Dealer column.
 */
export const DEALER_SWITCH_OF = Object.fromEntries(METHODS.map((m) => [m, PAYMENT_METHODS[m].dealerSwitch])) as Record<
  PaymentMethod,
  DealerSwitch | null
>;

/** A dealer row's switch columns. */
export type DealerSwitchColumns = { [S in DealerSwitch as (typeof DEALER_SWITCHES)[S]["column"]]: boolean };

/** The switches a dealer row has on, in their order. */
export function enabledSwitches(row: DealerSwitchColumns): DealerSwitch[] {
  return DEALER_SWITCH_NAMES.filter((s) => row[DEALER_SWITCHES[s].column]);
}

/** Each switch on or off, by its name. */
export function switchStates(row: DealerSwitchColumns): Record<DealerSwitch, boolean> {
  return Object.fromEntries(DEALER_SWITCH_NAMES.map((s) => [s, row[DEALER_SWITCHES[s].column]])) as Record<
    DealerSwitch,
    boolean
  >;
}

/** The columns to write for the switches named on (the rest off). */
export function switchColumns(on: readonly DealerSwitch[]): DealerSwitchColumns {
  return Object.fromEntries(
    DEALER_SWITCH_NAMES.map((s) => [DEALER_SWITCHES[s].column, on.includes(s)]),
  ) as DealerSwitchColumns;
}

/** A Prisma select of the switch columns. */
export const SWITCH_SELECT = Object.fromEntries(DEALER_SWITCH_NAMES.map((s) => [DEALER_SWITCHES[s].column, true])) as {
  [C in keyof DealerSwitchColumns]: true;
};
