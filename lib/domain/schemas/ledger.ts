import { z } from "zod";
import { Direction, LedgerAccountKind, SettlementDirection } from "@/lib/generated/prisma/enums";
import { METHODS, type PaymentMethod } from "@/lib/domain/payment-methods";
import { amountSchema, dbIdSchema, optionalString, requiredString } from "./common";
import { isoDay } from "./filter-fields";
import { keyed } from "./validate";

/** A percentage from 0 to 100 with at most four decimals (NUMERIC(7,4)), as a normalized decimal string. */
export function percentSchema(field: string) {
  return z.unknown().transform((value, ctx) => {
    const text =
      typeof value === "number" && Number.isFinite(value)
        ? String(value)
        : typeof value === "string"
          ? value.trim()
          : "";
    const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
    const normalized = m ? `${Number(m[1])}.${(m[2] ?? "").padEnd(4, "0")}` : null;
    if (!normalized || Number(m![1]) > 100 || (Number(m![1]) === 100 && /[1-9]/.test(m![2] ?? ""))) {
      ctx.addIssue({
        code: "custom",
        message: `${field} must be a percentage from 0 to 100 with at most 4 decimal places`,
        params: keyed("percentage", { field }),
      });
      return z.NEVER;
    }
    return normalized;
  });
}

const fixed = (field: string) => amountSchema({ min: "0.00", allowString: true, field });

/** One fee schedule row (docs/ledger.md "Fees"): a provider, method and direction, from a moment on. */
export const feeScheduleSchema = z.strictObject({
  providerId: dbIdSchema,
  method: z.enum(METHODS as [PaymentMethod, ...PaymentMethod[]], {
    error: "method must be a payment method",
  }),
  direction: z.enum(Object.values(Direction) as [Direction, ...Direction[]], {
    error: "direction must be DEPOSIT, WITHDRAWAL or PAYMENT",
  }),
  effectiveFrom: z.coerce.date({ error: "effectiveFrom must be a date and time" }),
  servicePercent: percentSchema("servicePercent"),
  serviceFixed: fixed("serviceFixed"),
  dealerPercent: percentSchema("dealerPercent"),
  dealerFixed: fixed("dealerFixed"),
});
export type FeeScheduleInput = z.input<typeof feeScheduleSchema>;

/** Why an adjustment is made: 3 to 500 characters once trimmed. */
const reasonSchema = z.unknown().transform((value, ctx) => {
  const text = typeof value === "string" ? value.trim() : "";
  if (text.length < 3 || text.length > 500) {
    ctx.addIssue({
      code: "custom",
      message: "reason must be 3 to 500 characters",
      params: keyed("adjustmentReason", {}),
    });
    return z.NEVER;
  }
  return text;
});

/** A manual adjustment: an amount from one account of a dealer to another, with a reason. */
export const adjustmentSchema = z.strictObject({
  dealerId: dbIdSchema,
  providerId: dbIdSchema.nullish(),
  debit: z.enum(Object.values(LedgerAccountKind) as [LedgerAccountKind, ...LedgerAccountKind[]], {
    error: "debit must be a ledger account kind",
  }),
  credit: z.enum(Object.values(LedgerAccountKind) as [LedgerAccountKind, ...LedgerAccountKind[]], {
    error: "credit must be a ledger account kind",
  }),
  amount: amountSchema({ min: "0.01", allowString: true }),
  reason: reasonSchema,
});
export type AdjustmentInput = z.input<typeof adjustmentSchema>;

/**
 * A bank transfer's reference as the key of its payment: trimmed, runs of spaces made one, upper-cased
 * (without a locale: "i" is "I"), so the same transfer typed twice, or in another case, is the same key.
 */
export function settlementReference(reference: string): string {
  return reference.trim().replace(/\s+/g, " ").toUpperCase();
}

/** A calendar day, YYYY-MM-DD (or as Turkish readers type it, 24.11.2026), that is a real date. */
function daySchema(field: string) {
  return z.unknown().transform((value, ctx) => {
    const day = isoDay(value);
    if (
      typeof day !== "string" ||
      !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
      new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
    ) {
      ctx.addIssue({
        code: "custom",
        message: `${field} must be a date (YYYY-MM-DD)`,
        params: keyed("badFormat", { field, rule: `${field} must be a date (YYYY-MM-DD)`, format: "date" }),
      });
      return z.NEVER;
    }
    return day;
  });
}

/**
 * A settlement payment (docs/ledger.md "Settlements"): what a dealer paid the provider (or the service its
 * fees) on the pair's money, named by the bank transfer's reference, on the day the bank says it left.
 */
export const settlementSchema = z.strictObject({
  providerId: dbIdSchema,
  dealerId: dbIdSchema,
  direction: z.enum(Object.values(SettlementDirection) as [SettlementDirection, ...SettlementDirection[]], {
    error: "direction must be TO_PROVIDER or TO_SERVICE",
  }),
  amount: amountSchema({ min: "0.01", allowString: true }),
  reference: requiredString("reference", 100).transform(settlementReference),
  note: optionalString("note", 500).transform((v) => v || null),
  paidOn: daySchema("paidOn"),
});
export type SettlementInput = z.input<typeof settlementSchema>;
