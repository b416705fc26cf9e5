import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import {
  checkDraft,
  SettlementDraftForm,
  SettlementReview,
  type Pair,
} from "@/app/console/(app)/statements/_components/settlement-panel";
import { DayField } from "@/components/console/day-field";
import { PairFilters, QueryProblems } from "@/components/console/ledger/pair-filters";
import { SettlementsTable } from "@/components/console/ledger/settlements-table";
import { StatementDays } from "@/components/console/ledger/statement-days";
import { OwedSentences, StatementFigures } from "@/components/console/ledger/statement-figures";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { scopedPairFilter } from "@/lib/domain/access/ledger-scope";
import { ledgerPairChoices, type Choice } from "@/lib/domain/explorer/choices";
import {
  findPairChoices,
  listPairBalances,
  readPairStatements,
  readSettlementDraft,
} from "@/lib/domain/ledger/pair-statements";
import {
  localToday,
  parseStatementQuery,
  settlementDraftSchema,
  type StatementQuery,
} from "@/lib/domain/schemas/ledger-filters";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleDay } from "@/lib/edge/console/format";
import { filtersQuery } from "@/lib/edge/console/query-string";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { ExportLinks } from "@/components/console/export-links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).ledger.statements.heading };
}

type Params = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/**
 * A provider-dealer pair's statements: the chosen Istanbul day in full, a range of days (CSV of the range),
 * the pair's recorded settlement payments and, for admins, recording one (a GET draft, a review naming the
 * amount and the parties, then the server action). Tenancy: a pair outside the viewer's is a 404.
 */
export default async function StatementsPage({ searchParams }: { searchParams: Promise<Params> }) {
  const [user, t, params] = await Promise.all([
    requireConsoleUser(sectionRoles("statements")),
    consoleMessages(),
    searchParams,
  ]);
  const { query, problems } = parseStatementQuery(params);
  const w = t.ledger.statements;
  const filter = scopedPairFilter(user, { providerId: query.providerId, dealerId: query.dealerId });
  if (!filter) notFound();
  const choices = await ledgerPairChoices(user);
  const pair =
    filter.providerId && filter.dealerId ? await pairOf(user, choices, filter.providerId, filter.dealerId) : null;
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{w.heading}</h1>
      <p className="text-sm text-slate-600">{w.intro}</p>
      <PairFilters
        providers={choices.providers}
        dealers={choices.dealers}
        values={filter}
        clearHref="/console/statements"
        optional={false}
        t={t}
      >
        <DayField label={t.ledger.filters.day} name="day" value={query.day} lang={t.lang} />
        <DayField label={w.from} name="from" value={query.from} lang={t.lang} />
        <DayField label={w.to} name="to" value={query.to} lang={t.lang} />
      </PairFilters>
      <QueryProblems problems={problems} t={t} />
      {pair ? (
        <PairStatements user={user} pair={pair} query={query} params={params} t={t} />
      ) : (
        <PairLinks filter={filter} day={query.day} t={t} />
      )}
    </div>
  );
}

/** The pair named, if the viewer may read it: admins any pair, others only their own pairs (the dropdowns' rows). */
async function pairOf(
  user: ConsoleUser,
  choices: { providers: Choice[]; dealers: Choice[] },
  providerId: number,
  dealerId: number,
): Promise<Pair> {
  const inChoices = (list: Choice[], id: number) => list.find((c) => c.id === id);
  const { provider, dealer } =
    user.role === "ADMIN"
      ? await findPairChoices({ providerId, dealerId })
      : { provider: inChoices(choices.providers, providerId), dealer: inChoices(choices.dealers, dealerId) };
  if (!provider || !dealer) notFound();
  return { providerId, dealerId, provider: provider.name, dealer: dealer.name };
}

/** No pair chosen yet: the viewer's pairs as links to their statements. */
async function PairLinks({
  filter,
  day,
  t,
}: {
  filter: { providerId?: number; dealerId?: number };
  day: string;
  t: ConsoleMessages;
}) {
  const pairs = await listPairBalances(filter);
  const w = t.ledger.statements;
  return (
    <section
      aria-label={w.choosePair}
      className="flex flex-col gap-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200"
      data-testid="statement-pairs"
    >
      <p>{pairs.length ? w.choosePair : w.noPairs}</p>
      <ul className="flex flex-col gap-1">
        {pairs.map((p) => (
          <li key={`${p.providerId}:${p.dealerId}`} translate="no">
            <Link
              href={`/console/statements${filtersQuery({ providerId: p.providerId, dealerId: p.dealerId, day })}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {w.pairHeading(p.providerName, p.dealerName)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

async function PairStatements({
  user,
  pair,
  query,
  params,
  t,
}: {
  user: ConsoleUser;
  pair: Pair;
  query: StatementQuery;
  params: Params;
  t: ConsoleMessages;
}) {
  const w = t.ledger.statements;
  const ids = { providerId: pair.providerId, dealerId: pair.dealerId };
  const { days, settlements, statement } = await readPairStatements(ids, {
    from: query.from,
    to: query.to,
    day: query.day,
  });
  const range = { ...ids, from: query.from, to: query.to };
  const href = (day: string) => `/console/statements${filtersQuery({ ...range, day })}`;
  const names = { provider: pair.provider, dealer: pair.dealer };
  return (
    <>
      <section
        aria-labelledby="statement-day"
        className="flex flex-col gap-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
        data-testid="statement"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="statement-day" className="text-lg font-semibold">
            <span translate="no">{w.pairHeading(pair.provider, pair.dealer)}</span>
            <span className="block text-base font-medium text-slate-700">
              {w.dayHeading(consoleDay(statement.day, t.lang))}
            </span>
          </h2>
        </div>
        <div className="grid gap-6 md:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
          <StatementFigures statement={statement} t={t} />
          <OwedSentences statement={statement} names={names} t={t} />
        </div>
      </section>
      <section aria-labelledby="statement-days" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="statement-days" className="font-medium">
            {w.daysHeading(consoleDay(query.from, t.lang), consoleDay(query.to, t.lang))}
          </h2>
          <ExportLinks path="/console/statements/export" query={range} csvLabel={w.exportCsv} t={t} />
        </div>
        <StatementDays statements={days} href={href} current={query.day} t={t} />
      </section>
      <section aria-labelledby="settlements" className="flex flex-col gap-2">
        <h2 id="settlements" className="font-medium">
          {t.ledger.settlements.heading}
        </h2>
        <SettlementsTable rows={settlements} showRecorder={user.role !== "PROVIDER"} t={t} />
      </section>
      {user.role === "ADMIN" && (
        <RecordSettlement pair={pair} keep={{ ...range, day: query.day }} params={params} t={t} />
      )}
    </>
  );
}

/** Admins: the draft form, or the review of a draft that reads, or the payment already recorded under its reference. */
async function RecordSettlement({
  pair,
  keep,
  params,
  t,
}: {
  pair: Pair;
  keep: Record<string, string | number>;
  params: Params;
  t: ConsoleMessages;
}) {
  const mode = first(params.settle);
  const draft = mode
    ? settlementDraftSchema.parse({
        direction: first(params.direction),
        amount: first(params.amount),
        reference: first(params.reference),
        paidOn: first(params.paidOn),
        note: first(params.note),
      })
    : null;
  const checked = draft && mode === "review" ? checkDraft(draft, t) : null;
  const kept = Object.fromEntries(Object.entries(keep).map(([k, v]) => [k, String(v)]));
  const back = `/console/statements${filtersQuery(kept)}`;
  if (draft && checked?.ok) {
    const ids = { providerId: pair.providerId, dealerId: pair.dealerId };
    const { balances, recorded } = await readSettlementDraft(ids, {
      direction: draft.direction,
      reference: checked.reference,
    });
    const owedNow =
      balances.find((b) => b.kind === (draft.direction === "TO_PROVIDER" ? "PROVIDER_PAYABLE" : "SERVICE_FEES"))
        ?.balance ?? "0.00";
    const { direction, amount, reference, paidOn, note } = draft;
    const change =
      `/console/statement` +
      `s${filtersQuery({ ...kept, settle: "edit", direction, amount, reference, paidOn, note })}`;
    return (
      <SettlementReview
        pair={pair}
        draft={draft}
        checked={checked}
        owedNow={owedNow}
        recorded={recorded}
        changeHref={change}
        cancelHref={back}
        t={t}
      />
    );
  }
  return (
    <SettlementDraftForm
      pair={pair}
      draft={draft}
      keep={kept}
      open={draft !== null}
      problems={checked && !checked.ok ? checked.problems : []}
      today={localToday()}
      t={t}
    />
  );
}
