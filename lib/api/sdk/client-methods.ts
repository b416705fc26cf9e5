import { kindOperationId, type KindOperationId } from "@/lib/api/contracts/third-party";
import { THIRD_PARTY_KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods";
import type { DealerClient } from "./dealer-client";
import type { EndpointId } from "./endpoints";
import type { ProviderClient } from "./provider-client";

type ClientMethod =
  | { [M in keyof ProviderClient]: ["provider", M] }[keyof ProviderClient]
  | { [M in keyof DealerClient]: ["dealer", M] }[keyof DealerClient];

/** Every third-party kind's endpoints call the kind-generic methods with the kind. */
const KIND_METHODS = Object.fromEntries(
  THIRD_PARTY_KINDS.flatMap((kind) => [
    [kindOperationId(kind, "deposit"), ["provider", "startThirdPartyDeposit"]],
    [kindOperationId(kind, "gateways"), ["provider", "listGateways"]],
    [kindOperationId(kind, "withdrawal"), ["provider", "startThirdPartyWithdrawal"]],
  ]),
) as {
  [K in ThirdPartyKind as KindOperationId<K, "deposit">]: ["provider", "startThirdPartyDeposit"];
} & {
  [K in ThirdPartyKind as KindOperationId<K, "gateways">]: ["provider", "listGateways"];
} & {
  [K in ThirdPartyKind as KindOperationId<K, "withdrawal">]: ["provider", "startThirdPartyWithdrawal"];
};

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
