import { explainDiscrepancy, proposeAcceptance } from "@/lib/domain/reconciliation/resolve-discrepancy";
import { listDiscrepancies, listReconRuns } from "@/lib/domain/reconciliation/list-reconciliation";
import { dayOf } from "@/lib/domain/reconciliation/recon-day";
import { endedDay, runReconciliationByHand } from "@/lib/domain/reconciliation/run-by-hand";
import { optionalId, positiveInt, type Commands } from "./command";

/** The daily reconciliation (docs/reconciliation.md): run a day by hand, read it, close a discrepancy. */
export const RECON_COMMANDS: Commands = {
  "recon:run": {
    usage: "--day 2026-12-05 [--dealer ID | --gateway ID | --wallet ID]   (an Istanbul day that has ended)",
    flags: ["day", "dealer", "gateway", "wallet"],
    run: ({ flags }, actor) =>
      runReconciliationByHand(
        flags.day,
        {
          ...(flags.dealer !== undefined ? { dealerId: positiveInt(flags.dealer, "dealer") } : {}),
          ...(flags.gateway !== undefined ? { gatewayId: positiveInt(flags.gateway, "gateway") } : {}),
          ...(flags.wallet !== undefined ? { walletId: positiveInt(flags.wallet, "wallet") } : {}),
        },
        actor,
      ),
    failed: (result) => (result as { runs: { state: string }[] }).runs.some((r) => r.state === "failed"),
  },
  "recon:show": {
    usage: "--day 2026-12-05 [--dealer ID] [--gateway ID] [--status open|proposed|accepted|explained|cleared]",
    flags: ["day", "dealer", "gateway", "status"],
    run: async ({ flags }) => {
      const filter = {
        day: endedDay(flags.day),
        dealerId: optionalId(flags.dealer, "dealer"),
        gatewayId: optionalId(flags.gateway, "gateway"),
      };
      const runs = await listReconRuns(filter);
      const discrepancies = await listDiscrepancies({ ...filter, status: flags.status });
      return {
        runs: runs.map((r) => ({
          account: r.account,
          partner: r.partner,
          day: dayOf(r.day),
          state: r.state,
          partner_records: r.partnerRecords,
          our_records: r.ourRecords,
          matched: r.matched,
          matched_amount: r.matchedAmount.toFixed(2),
          open_discrepancies: r.discrepancies,
          reconciled_at: r.reconciledAt?.toISOString() ?? null,
          error: r.error,
        })),
        discrepancies: discrepancies.map((d) => ({
          id: d.id,
          account: d.account,
          partner: d.partner,
          kind: d.kind,
          record: d.recordKind,
          order_id: d.orderId,
          amount: d.amount.toFixed(2),
          currency: d.currency,
          status: d.status,
          transaction_id: d.transactionId,
        })),
      };
    },
  },
  "recon:explain": {
    usage: "ID --reason TEXT   (closes a discrepancy with what was found; nothing is applied)",
    flags: ["reason"],
    run: ({ positional, flags }, actor) =>
      explainDiscrepancy(positiveInt(positional[0], "id"), flags.reason ?? "", { ...actor, viaCli: true }),
  },
  "recon:accept": {
    usage: "ID   (proposes applying the partner's record; a second admin confirms it in the console)",
    flags: [],
    run: ({ positional }, actor) => proposeAcceptance(positiveInt(positional[0], "id"), { ...actor, viaCli: true }),
  },
};
