import { PROPOSED_REFUND } from "@/lib/domain/cards/card-refund-records";
import { DomainError } from "@/lib/base/errors/domain-error";
import {
  CARD_CONNECTOR_NAMES,
  setDealerAcquirer,
  showDealerAcquirer,
  testDealerAcquirer,
} from "@/lib/domain/cards/dealer-acquirer";
import { cardPaymentIdByTrackingCode } from "@/lib/domain/cards/find-card-payment";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { checkCardRefund } from "@/lib/domain/cards/resolve-card-refunds";
import { amountSchema } from "@/lib/domain/schemas/common";
import { validate } from "@/lib/domain/schemas/validate";
import { booleanFlag, positiveInt, type Commands } from "./command";
import { refusal } from "@/lib/base/messages/errors";

function configJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined) throw DomainError.validation([refusal("configFlagRequired")]);
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // worded below
  }
  throw DomainError.validation([refusal("configFlagObject")]);
}

/** Each dealer's card acquirer (its own merchant account) and refunds through it: the console's card panels. */
export const CARD_COMMANDS: Commands = {
  "acquirer:set": {
    usage: `--dealer ID --connector ${CARD_CONNECTOR_NAMES.join("|")} --config '{"key":"value",...}'`,
    flags: ["dealer", "connector", "config"],
    run: ({ flags }, actor) => {
      const dealer = positiveInt(flags.dealer, "dealer");
      if (flags.connector === undefined)
        throw DomainError.validation([refusal("connectorFlagRequired", { names: CARD_CONNECTOR_NAMES.join(", ") })]);
      return setDealerAcquirer(dealer, flags.connector, configJson(flags.config), actor);
    },
  },
  "acquirer:show": {
    usage: "--dealer ID (secrets masked)",
    flags: ["dealer"],
    run: ({ flags }) => showDealerAcquirer(positiveInt(flags.dealer, "dealer")),
  },
  "acquirer:test": {
    usage: "--dealer ID (the connector's test connection)",
    flags: ["dealer"],
    run: ({ flags }) => testDealerAcquirer(positiveInt(flags.dealer, "dealer")),
    failed: (result) => (result as { ok: boolean }).ok !== true,
  },
  "transaction:refund": {
    usage: "CODE [--amount X (at most what is left; default all of it)] [--reason R]",
    flags: ["amount", "reason"],
    run: async ({ positional, flags }, actor) => {
      if (positional.length !== 1) throw DomainError.validation([refusal("oneTrackingCode")]);
      const paymentId = await cardPaymentIdByTrackingCode(positional[0]!);
      const amount =
        flags.amount === undefined
          ? undefined
          : validate(amountSchema({ min: "0.01", allowString: true }), flags.amount);
      const r = await refundCardPayment(
        paymentId,
        { ...actor, viaCli: true },
        flags.reason,
        amount === undefined ? undefined : String(amount),
      );
      if (r.status === PROPOSED_REFUND)
        return {
          tracking_code: r.trackingCode,
          awaiting_second_approval: true,
          proposed_refund: r.amount,
          message: "Above the four-eyes limit: another admin confirms or declines it in the console (Approvals).",
        };
      return { tracking_code: r.trackingCode, status: r.status, refunded: r.amount, refunded_total: r.refundedTotal };
    },
  },
  "transaction:refund-check": {
    usage:
      "REFUND_ID [--retry] (a refund the acquirer did not answer: ask its records; --retry sends the same refund " +
      "again if they show it was not made)",
    flags: ["retry"],
    run: async ({ positional, flags }, actor) => {
      if (positional.length !== 1) throw DomainError.validation([refusal("oneRefundId")]);
      const r = await checkCardRefund(
        positional[0]!,
        { ...actor, viaCli: true },
        { retry: booleanFlag(flags.retry, "retry") ?? false },
      );
      return {
        refund_id: r.refundId,
        tracking_code: r.trackingCode,
        amount: r.amount,
        result: r.result,
        ...(r.outcome ? { status: r.outcome.status, refunded_total: r.outcome.refundedTotal } : {}),
      };
    },
  },
};
