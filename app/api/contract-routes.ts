import type { ContractId } from "@/lib/api/contracts";
import { kindOperations } from "@/lib/api/contracts/third-party";

/** Every third-party kind is served by the routes under third-party/[kind]. */
const KIND_ROUTES = kindOperations({
  deposit: () => import("./provider/third-party/[kind]/start-deposit/route"),
  gateways: () => import("./provider/third-party/[kind]/gateways/route"),
  withdrawal: () => import("./provider/third-party/[kind]/start-withdrawal/route"),
});

/**
 * The route module that serves each contract (never imported at run time: Next routes by file). A new
 * contract fails the type check here until it is listed, and the listing until its route file exists;
 * e2e/api-surface/contracts.test.ts checks that the file serves the contract's method and path.
 */
export const CONTRACT_ROUTES = {
  welcome: () => import("./provider/welcome/route"),
  listSites: () => import("./provider/sites/route"),
  startManualDeposit: () => import("./provider/start-manual-deposit/route"),
  startManualWithdrawal: () => import("./provider/start-manual-withdraw/route"),
  startEibanDeposit: () => import("./provider/start-eiban-deposit/route"),
  startEibanWithdrawal: () => import("./provider/start-eiban-withdraw/route"),
  startCardPayment: () => import("./provider/credit-card/payment/route"),
  getCardPaymentStatus: () => import("./provider/credit-card/status/route"),
  ...KIND_ROUTES,
  getTransactionStatus: () => import("./provider/transaction/status/route"),
  listTransactions: () => import("./provider/transactions/route"),
  listCallbacks: () => import("./provider/callbacks/route"),
  resendCallback: () => import("./provider/callbacks/resend/route"),
  getBalance: () => import("./provider/balance/route"),
  getDealerSettings: () => import("./dealer/settings/route"),
  startDealerDeposit: () => import("./dealer/manual-iban/deposit/route"),
  startDealerWithdrawal: () => import("./dealer/manual-iban/withdraw/route"),
  listEibans: () => import("./dealer/eibans/route"),
  listEibanTransactions: () => import("./dealer/transactions/route"),
  sendMoney: () => import("./dealer/send-money/route"),
  getTransferStatus: () => import("./dealer/transfer-status/route"),
  startDealerCardPayment: () => import("./dealer/credit-card/payment/route"),
  getDealerCardPaymentStatus: () => import("./dealer/credit-card/status/route"),
  getDealerTransactionStatus: () => import("./dealer/transaction/status/route"),
  listDealerTransactions: () => import("./dealer/transaction/list/route"),
  listDealerCallbacks: () => import("./dealer/callbacks/route"),
  resendDealerCallback: () => import("./dealer/callbacks/resend/route"),
  getDealerBalance: () => import("./dealer/balance/route"),
} satisfies Record<ContractId, () => Promise<Record<string, unknown>>>;
