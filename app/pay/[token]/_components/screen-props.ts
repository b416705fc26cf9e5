import type { Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";

/**
 * What every screen of the open payment page gets: the server's view, the language, and the kind of payment
 * chosen in the page's address (gateway choice: `?kind=crypto`). The screens are server components: when the
 * countdown runs low or out, or the payment changes elsewhere, the page is fetched again and the server decides what
 * is still offered.
 */
export type ScreenProps = {
  view: PaymentView;
  lang: Lang;
  kind: string | null;
};
