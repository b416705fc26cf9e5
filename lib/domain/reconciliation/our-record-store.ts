import { fromCents, toCents } from "@/lib/base/money/cents";
import type { OurRecord, OurRecordKind } from "./recon-types";

const KINDS: readonly OurRecordKind[] = ["sale", "refund", "deposit", "payout"];
const STATUSES: readonly OurRecord["status"][] = ["succeeded", "failed", "pending"];

/** Names of one kind: a name seen once holds its record's index, one seen again an array of them. */
type Names = Map<string, number | number[]>;

/**
 * Our records of a day held as columns, not objects: a day of 100,000 of them is most of what a run keeps in memory
 * (docs/performance.md, "Reconciliation"), and an object with its own strings per record costs three times what its
 * fields do. Records are numbered in the order held; `record(i)` builds one back (for the few that are drafted).
 */
export class OurRecordStore {
  private readonly keys: string[] = [];
  private readonly kinds: number[] = [];
  private readonly statuses: number[] = [];
  private readonly cents: number[] = [];
  private readonly currencies: string[] = [];
  private readonly times: number[] = [];
  private readonly transactions: (number | null)[] = [];
  private readonly providers: (number | null)[] = [];
  private readonly dealers: (number | null)[] = [];
  private readonly ids: (string | readonly string[])[] = [];
  private readonly refs: (string | null)[] = [];
  private readonly byId = new Map<number, Names>();
  private readonly byRef = new Map<number, Names>();
  /** Currencies as one string each ("TRY" arrives as a new string with every row). */
  private readonly interned = new Map<string, string>();

  get size(): number {
    return this.keys.length;
  }

  add(record: OurRecord): void {
    const i = this.keys.length;
    const kind = KINDS.indexOf(record.kind);
    const currency = record.currency.toUpperCase();
    if (!this.interned.has(currency)) this.interned.set(currency, currency);
    this.keys.push(record.key);
    this.kinds.push(kind);
    this.statuses.push(STATUSES.indexOf(record.status));
    this.cents.push(Number(toCents(record.amount) ?? -1n));
    this.currencies.push(this.interned.get(currency)!);
    this.times.push(record.at.getTime());
    this.transactions.push(record.transactionId);
    this.providers.push(record.providerId);
    this.dealers.push(record.dealerId);
    this.ids.push(record.ids.length === 1 ? record.ids[0]! : record.ids);
    this.refs.push(record.partnerReference);
    for (const id of new Set(record.ids)) put(this.byId, kind, id, i);
    if (record.partnerReference) put(this.byRef, kind, record.partnerReference, i);
  }

  /** The records of `kind` that `name` names: by the partner's reference, then by an id of ours. */
  named(kind: OurRecordKind, byRef: string | null, byId: string | null): number[] {
    const k = KINDS.indexOf(kind);
    const refs = byRef ? get(this.byRef, k, byRef) : [];
    const ids = byId ? get(this.byId, k, byId) : [];
    if (ids.length === 0) return refs;
    if (refs.length === 0) return ids;
    return [...new Set([...refs, ...ids])];
  }

  status(i: number): OurRecord["status"] {
    return STATUSES[this.statuses[i]!]!;
  }

  kind(i: number): OurRecordKind {
    return KINDS[this.kinds[i]!]!;
  }

  key(i: number): string {
    return this.keys[i]!;
  }

  /** Whether the record is for exactly this amount and currency. */
  sameMoney(i: number, amount: string, currency: string): boolean {
    return this.currencies[i] === currency.toUpperCase() && this.cents[i] === Number(toCents(amount) ?? -2n);
  }

  at(i: number): number {
    return this.times[i]!;
  }

  ref(i: number): string | null {
    return this.refs[i]!;
  }

  record(i: number): OurRecord {
    const ids = this.ids[i]!;
    return {
      key: this.keys[i]!,
      kind: this.kind(i),
      ids: typeof ids === "string" ? [ids] : [...ids],
      partnerReference: this.refs[i]!,
      amount: fromCents(BigInt(this.cents[i]!)),
      currency: this.currencies[i]!,
      status: this.status(i),
      at: new Date(this.times[i]!),
      transactionId: this.transactions[i]!,
      providerId: this.providers[i]!,
      dealerId: this.dealers[i]!,
    };
  }
}

function put(index: Map<number, Names>, kind: number, name: string, i: number): void {
  let names = index.get(kind);
  if (!names) index.set(kind, (names = new Map()));
  const known = names.get(name);
  if (known === undefined) names.set(name, i);
  else if (typeof known === "number") names.set(name, [known, i]);
  else known.push(i);
}

function get(index: Map<number, Names>, kind: number, name: string): number[] {
  const known = index.get(kind)?.get(name);
  return known === undefined ? [] : typeof known === "number" ? [known] : known;
}
