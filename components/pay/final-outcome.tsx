import { formatMoney } from "@/lib/base/money/format-money";
import { PAY_MESSAGES, type Lang, type PayMessages } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { returnUrlWith } from "@/lib/domain/sites/return-url";
import { CopyButton } from "./copy-button";

const TONES = {
  success: "bg-emerald-50 text-emerald-950 ring-emerald-200",
  neutral: "bg-slate-100 text-slate-900 ring-slate-200",
  error: "bg-red-50 text-red-950 ring-red-200",
} as const;

type Outcome = {
  tone: keyof typeof TONES;
  title: string;
  body: string;
  next?: string;
  amounts?: { requested: string; credited: string };
};

const FINAL_STATUSES = ["completed", "canceled", "expired", "success", "failed", "cancelled", "refunded", "rejected"];

export function isFinalStatus(status: string): boolean {
  return FINAL_STATUSES.includes(status);
}

/** What happened, in the customer's words, by status and by who made it happen. */
function describe(view: PaymentView, status: string, f: PayMessages["final"], lang: Lang): Outcome {
  const money = (v: string) => formatMoney(v, lang);
  const site = view.siteName;
  switch (status) {
    case "completed":
      if (view.finalAmount && view.finalAmount !== view.amount) {
        const [credited, requested] = [money(view.finalAmount), money(view.amount)];
        return {
          tone: "success",
          title: f.completedOther.title,
          body: f.completedOther.body(credited, requested),
          next: f.completedOther.next(site),
          amounts: { requested, credited },
        };
      }
      return { tone: "success", title: f.completed.title, body: f.completed.body(money(view.amount), site) };
    case "canceled":
      if (view.decidedBy === "CUSTOMER")
        return {
          tone: "neutral",
          title: f.canceledByCustomer.title,
          body: f.canceledByCustomer.body,
          next: f.canceledByCustomer.next(site),
        };
      if (view.decidedBy === "GATEWAY")
        return { tone: "error", title: f.declined.title, body: f.declined.body, next: f.declined.next(site) };
      return { tone: "error", title: f.rejected.title, body: f.rejected.body(site), next: f.rejected.next(site) };
    case "expired":
      return { tone: "neutral", title: f.expired.title, body: f.expired.body, next: f.expired.next(site) };
    case "success":
      return { tone: "success", title: f.success.title, body: f.success.body(money(view.finalAmount ?? view.amount)) };
    case "failed":
      return {
        tone: "error",
        title: f.failed.title,
        body: f.failed.body((view.errorCode && f.failedReasons[view.errorCode]) || f.failedOther),
        next: f.failed.next(site),
      };
    case "cancelled":
      return {
        tone: "neutral",
        title: f.cardCancelled.title,
        body: f.cardCancelled.body,
        next: f.cardCancelled.next(site),
      };
    case "refunded":
      return {
        tone: "neutral",
        title: f.refunded.title,
        body: f.refunded.body(money(view.amount)),
        next: f.refunded.next,
      };
    default:
      return { tone: "neutral", title: f.other(status), body: "" };
  }
}

/**
 * A payment's final page: what happened and why (the staff member's reason), the reference code to quote,
 * what to do next, and the way back to the site (its return URL, told the outcome and the tracking code).
 * Server-rendered: it needs no script to read or to leave.
 */
export function FinalOutcome({ view, status, lang }: { view: PaymentView; status: string; lang: Lang }) {
  const t = PAY_MESSAGES[lang];
  const f = t.final;
  const outcome = describe(view, status, f, lang);
  return (
    <div className="flex flex-col gap-4">
      <section role="status" aria-labelledby="outcome-title" className={`rounded-xl p-5 ring-1 ${TONES[outcome.tone]}`}>
        <h2 id="outcome-title" className="text-lg font-semibold">
          {outcome.title}
        </h2>
        {outcome.body && <p className="mt-1 text-sm">{outcome.body}</p>}
        {outcome.amounts && (
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-xs">{f.requested}</dt>
              <dd className="font-medium tabular-nums">{outcome.amounts.requested}</dd>
            </div>
            <div>
              <dt className="text-xs">{f.credited}</dt>
              <dd className="font-semibold tabular-nums">{outcome.amounts.credited}</dd>
            </div>
          </dl>
        )}
        {view.outcomeReason && (
          <p className="mt-3 text-sm" data-testid="outcome-reason">
            <span className="font-semibold">{f.reason}:</span> <span className="break-words">{view.outcomeReason}</span>
          </p>
        )}
        {outcome.next && <p className="mt-3 text-sm">{outcome.next}</p>}
      </section>
      <section aria-labelledby="reference-code" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="reference-code" className="text-xs text-slate-600">
          {f.referenceCode}
        </h2>
        <p className="mt-1 flex items-center justify-between gap-3">
          <span className="min-w-0 font-mono text-base font-semibold break-all text-slate-900">
            {view.trackingCode}
          </span>
          <CopyButton value={view.trackingCode} label={t.copy} copiedLabel={t.copied} name={f.referenceCode} />
        </p>
        <p className="mt-1 text-xs text-slate-600">{f.referenceHint(view.siteName)}</p>
      </section>
      {view.returnUrl ? (
        <a
          href={returnUrlWith(view.returnUrl, { status, trackingCode: view.trackingCode })}
          // A long site name wraps onto lines of their own, with room above and below, never squeezed.
          className={
            "flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 text-center " +
            "text-base leading-snug font-semibold text-balance wrap-break-word text-white hover:bg-brand-700 " +
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          }
          data-testid="back-to-site"
        >
          {f.backTo(view.siteName)}
        </a>
      ) : (
        <p
          className="rounded-xl bg-white p-4 text-center text-sm text-slate-700 ring-1 ring-slate-200"
          data-testid="no-return"
        >
          {f.noReturn(view.siteName)} {f.closeHint}
        </p>
      )}
    </div>
  );
}
