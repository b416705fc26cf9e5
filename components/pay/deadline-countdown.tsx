import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { Countdown } from "./countdown";

/**
 * The payment's countdown, worded on the server: the ticking part is the only script. `ends` replaces the payment's
 * own deadline where something ends earlier (a crypto gateway's quoted rate).
 */
export function DeadlineCountdown({
  view,
  lang,
  label,
  ends,
}: {
  view: PaymentView;
  lang: Lang;
  label: string;
  ends?: { at: string; clock: string; lowTime: string };
}) {
  const t = PAY_MESSAGES[lang];
  const until =
    ends ??
    (view.expiresAt && view.deadline
      ? { at: view.expiresAt, clock: view.deadline, lowTime: t.lowTime(view.deadline) }
      : null);
  if (!until) return null;
  return (
    <Countdown key={until.at} until={until.at} label={label} deadline={t.until(until.clock)} lowTime={until.lowTime} />
  );
}
