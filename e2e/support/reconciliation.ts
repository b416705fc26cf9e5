import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { note } from "@/lib/base/messages/notes";
import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import { addDays, localDay } from "@/lib/domain/reconciliation/recon-day";
import type { DiscrepancyDraft, OurRecord } from "@/lib/domain/reconciliation/recon-types";
import { discrepancyAlertKey } from "@/lib/domain/reconciliation/record-day";
import type { PartnerRecord } from "@/lib/integrations/connectors/report-port";
import { createTenant } from "./fixtures";
import { insertTransaction } from "./transactions";

/** Every seeded run is the sandbox acquirer's: the partner the fixtures' dealers take cards through. */
export const SEEDED_PARTNER = "sandbox-card";

const date = (day: string) => new Date(`${day}T00:00:00Z`);

type Payment = Awaited<ReturnType<typeof insertTransaction>>;

/** Our sale of a paid card payment, as our-card-records.ts reads it. */
function ourSale(payment: Payment, attempt: number, amount: string): OurRecord {
  return {
    key: `attempt:${attempt}`,
    kind: "sale",
    ids: [payment.orderId!],
    partnerReference: null,
    amount,
    currency: "TRY",
    status: "succeeded",
    at: payment.createdAt,
    transactionId: payment.id,
    providerId: payment.providerId,
    dealerId: payment.dealerId,
    summary: {
      trackingCode: payment.trackingCode,
      orderId: payment.orderId,
      status: "success",
      attempt: "approved",
      authCode: "A1B2C3",
      at: payment.createdAt.toISOString(),
    },
  };
}

/** A record as the sandbox acquirer lists it (lib/integrations/connectors/sandbox-card/report.ts). */
function theirRecord(kind: "sale" | "refund", orderId: string, reference: string, amount: string): PartnerRecord {
  const occurredAt = new Date(Date.now() - 86_400_000).toISOString();
  const raw = { type: kind, orderId, sessionId: `S-${reference}`, reference, amount, currency: "TRY" };
  return {
    kind,
    orderId,
    partnerReference: reference,
    amount,
    currency: "TRY",
    status: "succeeded",
    occurredAt,
    raw: { ...raw, status: "approved", occurredAt },
  };
}

/**
 * A fresh dealer whose sandbox acquirer was reconciled yesterday (Istanbul) with three discrepancies, and the day
 * before that could not be reconciled (the report failed). Written straight to the tables, as record-day.ts
 * writes a run's findings, each discrepancy with its alert: the report calls themselves are tested elsewhere.
 * The days lie before the dealer's acquirer was set up, so the schedule never runs them over the seeded rows.
 * - `refund`: a refund of 40.00 made in the acquirer's panel of a paid 150.00 payment (accepting it applies it);
 * - `differs`: a sale the acquirer lists for 210.00 that we recorded for 200.00;
 * - `oursOnly`: a sale of 75.50 we recorded that the acquirer does not list.
 */
export async function seedReconciledDealer() {
  const tenant = await createTenant();
  const dealer = await prisma.dealer.findUniqueOrThrow({ where: { id: tenant.dealer.id } });
  const day = addDays(localDay(new Date()), -1);
  const earlier = addDays(day, -1);
  const account = `acquirer:${dealer.id}`;
  const card = (amount: string) =>
    insertTransaction(tenant, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "success",
      amount,
      orderId: `ORD${randomCodeGroup(10)}`,
    });
  const [paid, mismatched, unlisted] = [await card("150.00"), await card("200.00"), await card("75.50")];
  const run = await prisma.reconRun.create({
    data: {
      account,
      partner: SEEDED_PARTNER,
      dealerId: dealer.id,
      day: date(day),
      state: "reconciled",
      attempts: 1,
      partnerRecords: 42,
      ourRecords: 41,
      matched: 39,
      matchedAmount: "12345.60",
      discrepancies: 3,
      startedAt: new Date(),
      reconciledAt: new Date(),
    },
  });
  await prisma.reconRun.create({
    data: {
      account,
      partner: SEEDED_PARTNER,
      dealerId: dealer.id,
      day: date(earlier),
      state: "failed",
      attempts: 2,
      error: "the sandbox acquirer answered 503 to the list",
      nextAttemptAt: new Date(Date.now() + 15 * 60_000),
      startedAt: new Date(),
    },
  });
  const reference = `PNL${randomCodeGroup(8)}`;
  const drafts: [DiscrepancyDraft, Payment][] = [
    [
      {
        kind: "partners_only",
        recordKind: "refund",
        key: `ref:${reference}`,
        orderId: paid.orderId,
        amount: "40.00",
        currency: "TRY",
        ours: null,
        theirs: theirRecord("refund", paid.orderId!, reference, "40.00"),
      },
      paid,
    ],
    [
      {
        kind: "amount_differs",
        recordKind: "sale",
        key: `attempt:${mismatched.id}`,
        orderId: mismatched.orderId,
        amount: "210.00",
        currency: "TRY",
        ours: ourSale(mismatched, mismatched.id, "200.00"),
        theirs: theirRecord("sale", mismatched.orderId!, `SALE${randomCodeGroup(6)}`, "210.00"),
      },
      mismatched,
    ],
    [
      {
        kind: "ours_only",
        recordKind: "sale",
        key: `attempt:${unlisted.id}`,
        orderId: unlisted.orderId,
        amount: "75.50",
        currency: "TRY",
        ours: ourSale(unlisted, unlisted.id, "75.50"),
        theirs: null,
      },
      unlisted,
    ],
  ];
  const ids: number[] = [];
  for (const [d, payment] of drafts) {
    const row = await prisma.reconDiscrepancy.create({
      data: {
        runId: run.id,
        account,
        partner: SEEDED_PARTNER,
        day: date(day),
        kind: d.kind,
        recordKind: d.recordKind,
        key: d.key,
        orderId: d.orderId,
        transactionId: payment.id,
        dealerId: dealer.id,
        providerId: payment.providerId,
        amount: d.amount,
        currency: d.currency,
        ours: d.ours ? JSON.parse(JSON.stringify(d.ours)) : undefined,
        theirs: d.theirs ? JSON.parse(JSON.stringify(d.theirs)) : undefined,
      },
    });
    ids.push(row.id);
    await raiseAlert(prisma, {
      kind: "reconciliation_discrepancy",
      source: `reconciliation:${SEEDED_PARTNER}`,
      transaction: payment,
      dealerId: dealer.id,
      message: note("reconDiscrepancy", {
        partner: dealer.name,
        day,
        kind: d.kind,
        record: d.recordKind,
        amount: `${d.amount} ${d.currency}`,
        order: d.orderId ?? "-",
      }),
      details: { discrepancyId: row.id, account, day, kind: d.kind, record: d.recordKind },
      dedupeKey: discrepancyAlertKey(account, day, d.key),
    });
  }
  const [refund, differs, oursOnly] = ids as [number, number, number];
  return { tenant, dealer, day, earlier, paid, refund, differs, oursOnly, orderIds: drafts.map(([d]) => d.orderId!) };
}

/** The alert raised for a discrepancy, as the resolution leaves it. */
export function alertOf(discrepancyId: number) {
  return prisma.alert.findFirstOrThrow({
    where: { kind: "reconciliation_discrepancy", details: { path: ["discrepancyId"], equals: discrepancyId } },
  });
}
