import type { PageKind } from "@/lib/domain/payment-methods";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { CardCheckout } from "@/app/pay/[token]/_components/card-checkout";
import { DepositInstructions } from "@/app/pay/[token]/_components/deposit-instructions";
import { GatewayChooser } from "@/app/pay/[token]/_components/gateway-chooser";
import type { ScreenProps } from "@/app/pay/[token]/_components/screen-props";
import { GatewayInstructions } from "@/components/pay/gateway-instructions";
import { StatusCard } from "@/components/pay/status-card";
import { StatusWatch } from "@/components/pay/status-watch";
import { TransferDetails } from "@/components/pay/transfer-details";

type Screen = (props: ScreenProps) => React.ReactNode;

/** The customer's money is on its way by bank transfer: what they sent it to, while staff or the bank decide. */
function TransferPending({ view, lang }: ScreenProps) {
  const t = PAY_MESSAGES[lang];
  return (
    <div className="flex flex-col gap-4">
      <StatusCard tone="warning" title={t.pendingTitle} body={t.pendingBody} />
      <TransferDetails view={view} lang={lang} heading={t.transferDetails} hint={t.pendingDetailsHint} />
    </div>
  );
}

/**
 * What each page kind shows while showing and while pending. A new page kind fails the type check here, so
 * no method falls through to another's screen.
 */
const SCREENS: Record<PageKind, { showing: Screen; pending: Screen }> = {
  "bank-transfer": { showing: DepositInstructions, pending: TransferPending },
  "eiban-transfer": { showing: DepositInstructions, pending: TransferPending },
  "card-checkout": { showing: DepositInstructions, pending: CardCheckout },
  "gateway-choice": { showing: GatewayChooser, pending: GatewayInstructions },
};

/**
 * The open part of the hosted page (showing, pending), rendered on the server from the server's view only, so the
 * heading, the details and the buttons always show one amount and one state: a customer's action returns the new
 * view at once, and a change made elsewhere (staff, the bank, a gateway) is noticed by polling (StatusWatch) and
 * fetched with router.refresh(), as is the countdown running low or out. Only the forms, the countdown, the copy
 * buttons and the poll are scripts. The page itself renders final outcomes (FinalOutcome).
 */
export function PaymentScreen({
  view,
  status,
  lang,
  kind,
}: {
  view: PaymentView;
  status: string;
  lang: Lang;
  kind: string | null;
}) {
  const Screen = SCREENS[view.pageKind][status === "showing" ? "showing" : "pending"];
  const initial = {
    status,
    amount: view.amount,
    final_amount: view.finalAmount,
    expires_at: view.expiresAt,
    attempt: view.attemptState,
  };
  return (
    <>
      <StatusWatch token={view.token} initial={initial} />
      <Screen view={view} lang={lang} kind={kind} />
    </>
  );
}
