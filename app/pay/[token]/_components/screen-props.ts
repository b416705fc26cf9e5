import type { Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";

/**
 * What every screen of the open payment page gets: the server's view, the language, the kind of payment
 * chosen in the page's address (gateway choice: `?kind=crypto`), and what to do when the countdown runs low
 * or out (the page is fetched again, so the server decides what is still offered).
 */
export type ScreenProps = {
  view: PaymentView;
  lang: Lang;
  kind: string | null;
  onExpire: () => void;
  onLow: () => void;
};
