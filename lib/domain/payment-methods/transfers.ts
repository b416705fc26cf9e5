import type { TransferStatus } from "@/lib/generated/prisma/enums";
import type { ActorRole } from "./lifecycle-types";

/**
 * The dealer-side send-money transfer (TRF-): accepted as pending, it is decided by the bank, except that one held
 * for four eyes (above FOUR_EYES_MONEY_OUT_ABOVE, never sent to the bank yet) may be declined by an admin. The
 * reservation on the wallet returns with `cancelled` and with `failed`.
 */
export const TRANSFER_LIFECYCLE = {
  name: "E-IBAN transfer (send-money)",
  prefix: "TRF",
  initial: "pending",
  transitions: [
    {
      from: "pending",
      to: "completed",
      by: ["bank"],
      means: "The bank executed it: the amount leaves the wallet's balance",
    },
    { from: "pending", to: "failed", by: ["bank"], means: "The bank refused it: the reserved amount returns" },
    { from: "pending", to: "cancelled", by: ["bank"], means: "The bank cancelled it: the reserved amount returns" },
    {
      from: "pending",
      to: "cancelled",
      by: ["admin"],
      guard: "held",
      means:
        "An admin declines it while it awaits a second admin, before it went to the bank: the reserved amount returns",
    },
  ],
  // A dealer's own transfer posts to the ledger when the bank completes it; one that pays an E-IBAN
  // withdrawal posts nothing of its own (the withdrawal's completion does).
  ledger: { event: "SEND_MONEY", on: "completed" },
} as const satisfies {
  name: string;
  prefix: string;
  initial: TransferStatus;
  ledger: { event: "SEND_MONEY"; on: TransferStatus };
  transitions: readonly {
    from: TransferStatus;
    to: TransferStatus;
    by: readonly ActorRole[];
    /** `held`: only while it awaits a second admin (awaiting_approval), never once sent to the bank. */
    guard?: "held";
    means: string;
  }[];
};

type TransferState = (typeof TRANSFER_LIFECYCLE)["initial"] | (typeof TRANSFER_LIFECYCLE)["transitions"][number]["to"];

/** Every status a transfer can be in, from its lifecycle (the transfer objects' enum). */
export const TRANSFER_STATUSES = [
  ...new Set([TRANSFER_LIFECYCLE.initial, ...TRANSFER_LIFECYCLE.transitions.map((r) => r.to)]),
] as [TransferState, ...TransferState[]];
