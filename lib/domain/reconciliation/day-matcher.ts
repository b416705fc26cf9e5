import { fromCents, toCents } from "@/lib/base/money/cents";
import type { PartnerRecord } from "@/lib/integrations/connectors/report-port";
import { OurRecordStore } from "./our-record-store";
import { MATCHES, type DiscrepancyDraft, type OurRecord, type OurRecordKind } from "./recon-types";

export type DayResult = {
  drafts: DiscrepancyDraft[];
  partnerRecords: number;
  ourRecords: number;
  matched: number;
  matchedAmount: string;
};

/** A day and a half: how far from the partner's refund one of ours on another day may be and still be it. */
const NEAR_MS = 36 * 3_600_000;

/** What makes a partner record this one on every rerun: its own reference, or what it says when it has none. */
export function partnerKey(record: PartnerRecord): string {
  return `${record.kind}:${record.partnerReference ?? `${record.orderId}@${record.occurredAt}:${record.amount}`}`;
}

/**
 * Matches one partner account's day: our succeeded records of the day are held (a few hundred bytes each), the
 * partner's records are fed one at a time as its pages arrive and never kept, except those that found nothing
 * among the day's (few: the discrepancies, and records stamped across midnight), which the caller looks up among
 * all of our records (`unplacedIds`) before `finish`.
 *
 * A partner record outside the day (the query is widened by some minutes each side) only matches: one that finds
 * nothing belongs to the neighbouring day's run. A partner record that did not succeed (a declined sale) matters
 * only against one of ours that did: it is then "status differs" unless the partner also reports it succeeded.
 */
export class DayMatcher {
  private readonly ours = new OurRecordStore();
  /** Per record of ours (by its number in the store): matched to a partner record. */
  private readonly consumed = new Set<number>();
  private readonly saidNo = new Map<number, PartnerRecord>();
  private readonly unplaced: PartnerRecord[] = [];
  private readonly drafts: DiscrepancyDraft[] = [];
  private partnerRecords = 0;
  private matched = 0;
  private matchedCents = 0n;

  constructor(
    private readonly window: { start: Date; end: Date },
    ours: Iterable<OurRecord> = [],
  ) {
    this.hold(ours);
  }

  /** Adds our records of the day (chunk by chunk, as they are read). */
  hold(records: Iterable<OurRecord>): void {
    for (const record of records) this.ours.add(record);
  }

  private candidates(kind: OurRecordKind, record: PartnerRecord): number[] {
    return this.ours.named(kind, record.partnerReference, record.orderId);
  }

  private inDay(record: PartnerRecord): boolean {
    const at = new Date(record.occurredAt).getTime();
    return at >= this.window.start.getTime() && at < this.window.end.getTime();
  }

  add(record: PartnerRecord): void {
    this.partnerRecords += 1;
    const kind = MATCHES[record.kind];
    if (!kind) {
      if (this.inDay(record)) this.unplaced.push(record);
      return;
    }
    const named = this.candidates(kind, record);
    const open = named.filter((i) => !this.consumed.has(i));
    if (record.status !== "succeeded") {
      const ours = open.find((i) => this.ours.status(i) === "succeeded" && !this.saidNo.has(i));
      if (ours !== undefined && this.inDay(record)) this.saidNo.set(ours, record);
      return;
    }
    const ours = open.find((i) => this.ours.sameMoney(i, record.amount, record.currency)) ?? open[0];
    if (ours !== undefined) return this.pair(this.ours, ours, record);
    if (!this.inDay(record)) return;
    // Named by a record of ours the partner already matched once: a second charge or payout of one order.
    if (named.length > 0) return void this.draft("partners_only", record, this.ours.record(named[0]!));
    this.unplaced.push(record);
  }

  private pair(store: OurRecordStore, i: number, record: PartnerRecord) {
    if (store === this.ours) this.consumed.add(i);
    if (!store.sameMoney(i, record.amount, record.currency))
      return void this.draft("amount_differs", record, store.record(i));
    this.matched += 1;
    this.matchedCents += toCents(record.amount) ?? 0n;
  }

  private draft(kind: DiscrepancyDraft["kind"], theirs: PartnerRecord, ours: OurRecord | null) {
    this.drafts.push({
      kind,
      recordKind: theirs.kind,
      key: partnerKey(theirs),
      orderId: theirs.orderId,
      amount: theirs.amount,
      currency: theirs.currency,
      ours,
      theirs,
    });
  }

  /** The ids to look up among all of our records (any day, any status) before `finish`. */
  unplacedIds(): string[] {
    const ids = new Set<string>();
    for (const record of this.unplaced) {
      if (record.orderId) ids.add(record.orderId);
      if (record.partnerReference) ids.add(`ref:${record.partnerReference}`);
    }
    return [...ids];
  }

  /** The day's result; `found` are our records of any day and status that the unplaced ids name. */
  finish(found: readonly OurRecord[]): DayResult {
    const held = new Set(Array.from({ length: this.ours.size }, (_, i) => this.ours.key(i)));
    const elsewhere = new OurRecordStore();
    for (const record of found) if (!held.has(record.key)) elsewhere.add(record);
    const usedElsewhere = new Set<number>();
    for (const record of this.unplaced) {
      const kind = MATCHES[record.kind];
      if (!kind) {
        // A chargeback (a record of a kind we keep none of) is the partner's only, beside the sale it names.
        const sale = this.saleNamed(elsewhere, record) ?? this.saleNamed(this.ours, record);
        this.draft("partners_only", record, sale);
        continue;
      }
      // (Records of the day that name it were taken in `add`: only other days' can be here.)
      const related = elsewhere.named(kind, record.partnerReference, record.orderId);
      const succeeded = related.find(
        (i) => elsewhere.status(i) === "succeeded" && !usedElsewhere.has(i) && near(elsewhere, i, record),
      );
      if (succeeded !== undefined) {
        // Ours on another day (stamped across midnight, or recorded late): the same record.
        usedElsewhere.add(succeeded);
        this.pair(elsewhere, succeeded, record);
        continue;
      }
      const known = related.find((i) => elsewhere.status(i) !== "succeeded");
      if (known !== undefined) this.draft("status_differs", record, elsewhere.record(known));
      else
        this.draft(
          "partners_only",
          record,
          kind === "refund" ? (this.saleNamed(elsewhere, record) ?? this.saleNamed(this.ours, record)) : null,
        );
    }
    for (let i = 0; i < this.ours.size; i++) {
      if (this.consumed.has(i)) continue;
      const ours = this.ours.record(i);
      const no = this.saidNo.get(i);
      this.drafts.push({
        kind: no ? "status_differs" : "ours_only",
        recordKind: no?.kind ?? ours.kind,
        key: `ours:${ours.key}`,
        orderId: ours.ids[0] ?? null,
        amount: ours.amount,
        currency: ours.currency,
        ours,
        theirs: no ?? null,
      });
    }
    return {
      drafts: this.drafts,
      partnerRecords: this.partnerRecords,
      ourRecords: this.ours.size,
      matched: this.matched,
      matchedAmount: fromCents(this.matchedCents),
    };
  }

  /** A refund or chargeback we do not know names its sale or deposit: shown beside it (what accepting refunds). */
  private saleNamed(store: OurRecordStore, record: PartnerRecord): OurRecord | null {
    // On a gateway the refunded record is a deposit.
    const [sale] = record.orderId
      ? [...store.named("sale", null, record.orderId), ...store.named("deposit", null, record.orderId)]
      : [];
    return sale === undefined ? null : store.record(sale);
  }
}

/**
 * A refund of ours on another day is the partner's record only when the partner names it by its own reference or it
 * was made within a day and a half of it: an order refunded twice for the same amount weeks apart is two refunds.
 * Sales, deposits and payouts are one per order id, whenever recorded.
 */
function near(store: OurRecordStore, i: number, theirs: PartnerRecord): boolean {
  const ref = store.ref(i);
  if (store.kind(i) !== "refund" || (ref && ref === theirs.partnerReference)) return true;
  return Math.abs(store.at(i) - new Date(theirs.occurredAt).getTime()) <= NEAR_MS;
}
