import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { runLedgerBackfill } from "@/lib/domain/ledger/backfill";
import { readBalances } from "@/lib/domain/ledger/balances";
import { addFeeSchedule, listFeeSchedules } from "@/lib/domain/ledger/fee-schedules";
import { METHODS } from "@/lib/domain/payment-methods";
import { postAdjustment } from "@/lib/domain/ledger/post-adjustment";
import { recordSettlement } from "@/lib/domain/ledger/record-settlement";
import { listRecordedSettlements } from "@/lib/domain/ledger/settlements";
import { readDailyStatement } from "@/lib/domain/ledger/statement";
import type { AdjustmentInput, FeeScheduleInput, SettlementInput } from "@/lib/domain/schemas/ledger";
import { listed, optionalId, positiveInt, type Commands } from "./command";

/** `--at 2026-11-24T18:00:00+03:00`: a moment; undefined when absent. */
function moment(value: string | undefined, flag: string): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()))
    throw DomainError.validation([
      refusal("badFormat", { field: flag, rule: `${flag} must be a date and time`, format: "datetime" }),
    ]);
  return at;
}

/**
 * The ledger (docs/ledger.md): fee schedules, balances, a pair's daily statement, settlements, adjustments, the
 * backfill.
 */
export const LEDGER_COMMANDS: Commands = {
  "fees:add": {
    usage:
      // The registry's methods: a new one is in the usage (and the README's list, npm run docs:cli) at once.
      `--provider ID --method ${METHODS.join("|")} --direction ` +
      "DEPOSIT|WITHDRAWAL|PAYMENT --from 2026-12-01T00:00:00+03:00 --service 1.5 --service-fixed 1.00 " +
      "--dealer-share 0.5 --dealer-fixed 0",
    flags: ["provider", "method", "direction", "from", "service", "service-fixed", "dealer-share", "dealer-fixed"],
    run: ({ flags }, actor) =>
      addFeeSchedule(
        {
          providerId: positiveInt(flags.provider, "provider"),
          method: flags.method as FeeScheduleInput["method"],
          direction: flags.direction as FeeScheduleInput["direction"],
          effectiveFrom: moment(flags.from, "from") ?? (undefined as unknown as Date),
          servicePercent: flags.service ?? "0",
          serviceFixed: flags["service-fixed"] ?? "0",
          dealerPercent: flags["dealer-share"] ?? "0",
          dealerFixed: flags["dealer-fixed"] ?? "0",
        },
        actor,
      ),
  },
  "fees:list": {
    usage: "--provider ID",
    flags: ["provider"],
    run: async ({ flags }) => listed("fee_schedules", await listFeeSchedules(positiveInt(flags.provider, "provider"))),
  },
  "ledger:balances": {
    usage:
      "[--provider ID] [--dealer ID] [--at 2026-11-24T18:00:00+03:00]   (each account's balance as of then; now by " +
      "default)",
    flags: ["provider", "dealer", "at"],
    run: async ({ flags }) =>
      listed(
        "balances",
        await readBalances({
          providerId: optionalId(flags.provider, "provider"),
          dealerId: optionalId(flags.dealer, "dealer"),
          asOf: moment(flags.at, "at"),
        }),
      ),
  },
  "ledger:statement": {
    usage: "--provider ID --dealer ID --day 2026-11-24   (an Istanbul day)",
    flags: ["provider", "dealer", "day"],
    run: ({ flags }) =>
      readDailyStatement({
        providerId: positiveInt(flags.provider, "provider"),
        dealerId: positiveInt(flags.dealer, "dealer"),
        day: flags.day ?? "",
      }),
  },
  "ledger:adjust": {
    usage:
      "--dealer ID [--provider ID] --debit DEALER_CASH|PROVIDER_PAYABLE|SERVICE_FEES|DEALER_COMMISSION|DEALER_OWN " +
      "--credit KIND --amount X --reason R",
    flags: ["dealer", "provider", "debit", "credit", "amount", "reason"],
    run: async ({ flags }, actor) => {
      const { setId } = await postAdjustment(
        {
          dealerId: positiveInt(flags.dealer, "dealer"),
          providerId: optionalId(flags.provider, "provider") ?? null,
          debit: flags.debit as AdjustmentInput["debit"],
          credit: flags.credit as AdjustmentInput["credit"],
          amount: flags.amount,
          reason: flags.reason,
        },
        actor,
      );
      return { set_id: String(setId) };
    },
  },
  "ledger:settle": {
    usage:
      "--provider ID --dealer ID --amount X --reference BANK-REF --paid-on 2026-11-24 [--to provider|service] " +
      "[--note N]   (a payment the dealer made; once per reference)",
    flags: ["provider", "dealer", "amount", "reference", "paid-on", "to", "note"],
    run: async ({ flags }, actor) => {
      const direction =
        { provider: "TO_PROVIDER", service: "TO_SERVICE" }[flags.to ?? "provider"] ??
        (flags.to as SettlementInput["direction"]);
      const { settlement, created } = await recordSettlement(
        {
          providerId: positiveInt(flags.provider, "provider"),
          dealerId: positiveInt(flags.dealer, "dealer"),
          direction: direction as SettlementInput["direction"],
          amount: flags.amount,
          reference: flags.reference as string,
          paidOn: flags["paid-on"],
          note: flags.note,
        },
        actor,
      );
      return { created, settlement };
    },
  },
  "ledger:settlements": {
    usage: "[--provider ID] [--dealer ID]   (recorded settlement payments, the latest first)",
    flags: ["provider", "dealer"],
    run: async ({ flags }) =>
      listed(
        "settlements",
        await listRecordedSettlements({
          providerId: optionalId(flags.provider, "provider"),
          dealerId: optionalId(flags.dealer, "dealer"),
        }),
      ),
  },
  "ledger:backfill": {
    usage: "   (posts the money events that have no entry set yet, at their own times; safe to run again)",
    flags: [],
    run: (_args, actor) => runLedgerBackfill(actor),
  },
};
