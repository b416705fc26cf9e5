import { prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Direction } from "@/lib/generated/prisma/enums";
import { FLOWS, lifecycleOf } from "@/lib/domain/payment-methods";
import { balancesAsOf } from "@/lib/domain/ledger/balances";
import { sumsBySet, unbalancedSets } from "../ledger";

const D = Prisma.Decimal;
type Dec = InstanceType<typeof D>;

/** The model's fees: every provider flow has a schedule, with odd rates so rounding is exercised. */
const RATES: Record<Direction, { service: [string, string]; dealer: [string, string] }> = {
  DEPOSIT: { service: ["1.75", "0.50"], dealer: ["0.35", "0.10"] },
  WITHDRAWAL: { service: ["0.9", "1.25"], dealer: ["0.2", "0"] },
  PAYMENT: { service: ["2.49", "0.25"], dealer: ["0.5", "0"] },
};

export async function addModelFees(providerId: number) {
  const flows = FLOWS.filter((f) => f.lifecycle.origin === "PROVIDER");
  const pairs = [
    ...new Map(
      flows.map((f) => [
        `${f.method}:${f.lifecycle.direction}`,
        { method: f.method, direction: f.lifecycle.direction },
      ]),
    ).values(),
  ];
  await prisma.feeSchedule.createMany({
    data: pairs.map(({ method, direction }) => {
      const r = RATES[direction];
      return {
        providerId,
        method,
        direction,
        effectiveFrom: new Date("2026-01-01T00:00:00Z"),
        servicePercent: r.service[0],
        serviceFixed: r.service[1],
        dealerPercent: r.dealer[0],
        dealerFixed: r.dealer[1],
        createdBy: "model",
      };
    }),
  });
}

/** The same fee, computed apart from lib/domain/ledger (decimal.js, half-up), from the model's rates. */
function fee(amount: Dec, [percent, fixed]: [string, string]): Dec {
  return amount.mul(percent).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP).add(fixed);
}
const share = (f: Dec, refunded: Dec, whole: Dec) =>
  refunded.gte(whole) ? f : f.mul(refunded).div(whole).toDecimalPlaces(2, D.ROUND_HALF_UP);

/**
 * The ledger invariants after every step: every set balances; each money event posted exactly once (and
 * nothing else posted); the pair's balance and the fee accounts equal what the completed transactions and
 * their fees say, computed here from the transactions themselves; a refunded payment's sets leave every
 * account where it was; the dealer's cash is what it owes plus its own.
 */
export async function ledgerInvariants(providerId: number, dealerId: number): Promise<string[]> {
  const problems: string[] = [];
  for (const s of await unbalancedSets(dealerId))
    problems.push(`ledger set ${s.id}: ${s.n} entries summing to ${s.total}`);
  const transactions = await prisma.transaction.findMany({
    where: { dealerId },
    include: { cardRefunds: { where: { status: "approved" } }, ledgerSets: true },
  });
  let payable = new D(0);
  let serviceFees = new D(0);
  let dealerFees = new D(0);
  let expectedSets = 0;
  for (const t of transactions) {
    const lifecycle = lifecycleOf(t)!;
    const { event, on } = lifecycle.ledger;
    const posted = t.status === on || (event === "CARD_PAYMENT" && t.status === "refunded");
    const own = t.ledgerSets.filter((s) => s.kind === event);
    const refunds = t.ledgerSets.filter((s) => s.kind === "CARD_REFUND");
    if (own.length !== (posted ? 1 : 0)) problems.push(`${t.trackingCode} (${t.status}): ${own.length} ${event} sets`);
    if (refunds.length !== t.cardRefunds.length)
      problems.push(`${t.trackingCode}: ${refunds.length} refund sets for ${t.cardRefunds.length} approved refunds`);
    if (t.ledgerSets.length !== own.length + refunds.length)
      problems.push(`${t.trackingCode}: sets of another kind ${t.ledgerSets.map((s) => s.kind).join(",")}`);
    expectedSets += (posted ? 1 : 0) + t.cardRefunds.length;
    if (!posted) continue;
    const amount = new D((t.finalAmount ?? t.amount).toFixed(2));
    if (own[0] && !own[0].amount.equals(amount))
      problems.push(`${t.trackingCode}: posted ${own[0].amount.toFixed(2)} for ${amount.toFixed(2)}`);
    const rates = RATES[t.direction];
    const [s, d] = [fee(amount, rates.service), fee(amount, rates.dealer)];
    const refunded = t.cardRefunds.reduce((sum, r) => sum.add(r.amount.toFixed(2)), new D(0));
    const [sBack, dBack] = [share(s, refunded, amount), share(d, refunded, amount)];
    const gross = event === "WITHDRAWAL" ? amount.neg() : amount.sub(refunded);
    payable = payable.add(gross).sub(s).sub(d).add(sBack).add(dBack);
    serviceFees = serviceFees.add(s).sub(sBack);
    dealerFees = dealerFees.add(d).sub(dBack);
    // A refund reverses exactly its payment: refunded in full, the payment's and refunds' sets net to nothing.
    if (refunded.gte(amount)) {
      const sums = await sumsBySet([...own, ...refunds].map((x) => x.id));
      const left = Object.entries(sums).filter(([, sum]) => !new D(sum).isZero());
      if (left.length)
        problems.push(`${t.trackingCode}: refunded in full but ${JSON.stringify(Object.fromEntries(left))} remain`);
    }
  }
  const allSets = await prisma.ledgerEntrySet.count({ where: { dealerId } });
  if (allSets !== expectedSets) problems.push(`ledger: ${allSets} sets for the dealer, ${expectedSets} money events`);
  const balances = await balancesAsOf(prisma, { dealerId });
  const of = (kind: string, provider: number | null) =>
    new D(balances.find((b) => b.kind === kind && b.providerId === provider)?.balance ?? "0");
  const figures: [string, Dec, Dec][] = [
    ["pair balance", of("PROVIDER_PAYABLE", providerId), payable],
    ["service fees", of("SERVICE_FEES", providerId), serviceFees],
    ["dealer commission", of("DEALER_COMMISSION", providerId), dealerFees],
  ];
  for (const [name, booked, expected] of figures)
    if (!booked.equals(expected))
      problems.push(`ledger ${name}: booked ${booked.toFixed(2)}, the transactions say ${expected.toFixed(2)}`);
  const owed = balances.filter((b) => b.kind !== "DEALER_CASH").reduce((sum, b) => sum.add(b.balance), new D(0));
  if (!of("DEALER_CASH", null).equals(owed))
    problems.push(
      `ledger: the dealer's cash ${of("DEALER_CASH", null).toFixed(2)} is not what it owes and owns, ${owed.toFixed(2)}`,
    );
  return problems;
}
