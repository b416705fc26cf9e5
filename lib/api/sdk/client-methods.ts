import { kindOperations, type ThirdPartyEndpoint } from "@/lib/api/contracts/third-party";
import type { DealerClient } from "./dealer-client";
import type { EndpointId } from "./endpoints";
import type { ProviderClient } from "./provider-client";

type ClientMethod =
  | { [M in keyof ProviderClient]: ["provider", M] }[keyof ProviderClient]
  | { [M in keyof DealerClient]: ["dealer", M] }[keyof DealerClient];

/** Every third-party kind's endpoints call the kind-generic methods with the kind. */
const KIND_METHODS = kindOperations({
  deposit: ["provider", "startThirdPartyDeposit"],
  gateways: ["provider", "listGateways"],
  withdrawal: ["provider", "startThirdPartyWithdrawal"],
} satisfies Record<ThirdPartyEndpoint, ClientMethod>);

/**
 * The client method that calls each endpoint (not part of the downloadable file). A new contract fails the
 * type check here until the SDK has a method for it.
 */
export const CLIENT_METHOD = {
  welcome: ["provider", "welcome"],
  listSites: ["provider", "listSites"],
  startManualDeposit: ["provider", "startManualDeposit"],
  startManualWithdrawal: ["provider", "startManualWithdrawal"],
  startEibanDeposit: ["provider", "startEibanDeposit"],
  startEibanWithdrawal: ["provider", "startEibanWithdrawal"],
  startCardPayment: ["provider", "startCardPayment"],
  getCardPaymentStatus: ["provider", "getCardPaymentStatus"],
  ...KIND_METHODS,
  getTransactionStatus: ["provider", "getTransactionStatus"],
  listTransactions: ["provider", "listTransactions"],
  listCallbacks: ["provider", "listCallbacks"],
  resendCallback: ["provider", "resendCallback"],
  getBalance: ["provider", "getBalance"],
  getDealerSettings: ["dealer", "getSettings"],
  startDealerDeposit: ["dealer", "startDeposit"],
  startDealerWithdrawal: ["dealer", "startWithdrawal"],
  listEibans: ["dealer", "listEibans"],
  listEibanTransactions: ["dealer", "listTransactions"],
  sendMoney: ["dealer", "sendMoney"],
  getTransferStatus: ["dealer", "getTransferStatus"],
  startDealerCardPayment: ["dealer", "startCardPayment"],
  getDealerCardPaymentStatus: ["dealer", "getCardPaymentStatus"],
  getDealerTransactionStatus: ["dealer", "getTransactionStatus"],
  listDealerTransactions: ["dealer", "listTransactionRecords"],
  listDealerCallbacks: ["dealer", "listCallbacks"],
  resendDealerCallback: ["dealer", "resendCallback"],
  getDealerBalance: ["dealer", "getBalance"],
} as const satisfies Record<EndpointId, ClientMethod>;
