import { z } from "zod";
import type { PaymentOutcome } from "../ports";

/**
 * A gateway's order state, in a notification or an inquiry's answer (docs/partner-protocol.md): a verdict
 * that moves money (`confirmed`, `completed`) must say the amount it moved.
 */
export const gatewayOrderState = z
  .object({
    reference: z.string().min(1).max(128).nullish(),
    clientRef: z.string().min(1).max(64),
    kind: z.enum(["deposit", "withdrawal"]),
    status: z.enum(["pending", "confirmed", "declined", "completed", "failed", "rejected", "not_found"]),
    amount: z
      .string()
      .regex(/^\d{1,16}\.\d{2}$/)
      .optional(),
    reason: z.string().max(500).optional(),
  })
  .refine((state) => !["confirmed", "completed"].includes(state.status) || state.amount !== undefined, {
    path: ["amount"],
    message: "amount is required on confirmed and completed",
  });

export type GatewayOrderState = z.infer<typeof gatewayOrderState>;

/**
 * The partner's words in ours: confirmed (deposit) and completed (withdrawal) are approvals; declined and
 * failed are declines; rejected (a payout the gateway turned down before moving money) is a cancellation.
 */
export function outcomeOf(state: GatewayOrderState): PaymentOutcome {
  const partnerReference = state.reference ?? null;
  const error = { code: state.status, message: state.reason ?? state.status };
  switch (state.status) {
    case "confirmed":
    case "completed":
      return { status: "approved", amount: state.amount ?? "", partnerReference };
    case "declined":
    case "failed":
      return { status: "declined", error, partnerReference };
    case "rejected":
      return { status: "cancelled", error, partnerReference };
    case "pending":
      return { status: "pending" };
    case "not_found":
      return { status: "not_found" };
  }
}
