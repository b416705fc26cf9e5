import { callEndpoint } from "./call";
import type { Res } from "./endpoints";
import type { ClientOptions, ApiResult, SiteClientOptions } from "./transport";
import type {
  BalanceQuery,
  DealerCardPaymentBody,
  DealerDepositBody,
  DealerTransactionListQuery,
  DealerWithdrawalBody,
  SendMoneyBody,
  TransactionsQuery,
} from "./types";

type DealerCall = { idempotencyKey?: string };

/**
 * The dealer API (/api/dealer): every request signed with H(api_key + secret_key + timestamp), or, built by
 * SiteIntegrationClient, with a site integration's token and secret; method and path from each endpoint's contract.
 */
export class DealerClient {
  constructor(private readonly options: ClientOptions | SiteClientOptions) {}

  getSettings(): Promise<ApiResult<Res<"getDealerSettings">>> {
    return callEndpoint(this.options, "getDealerSettings");
  }

  startDeposit(body: DealerDepositBody, call?: DealerCall): Promise<ApiResult<Res<"startDealerDeposit">>> {
    return callEndpoint(this.options, "startDealerDeposit", { body, call });
  }

  startWithdrawal(body: DealerWithdrawalBody, call?: DealerCall): Promise<ApiResult<Res<"startDealerWithdrawal">>> {
    return callEndpoint(this.options, "startDealerWithdrawal", { body, call });
  }

  listEibans(): Promise<ApiResult<Res<"listEibans">>> {
    return callEndpoint(this.options, "listEibans");
  }

  listTransactions(query: TransactionsQuery): Promise<ApiResult<Res<"listEibanTransactions">>> {
    return callEndpoint(this.options, "listEibanTransactions", {
      query: query as Record<string, string | number | undefined>,
    });
  }

  sendMoney(body: SendMoneyBody, call?: DealerCall): Promise<ApiResult<Res<"sendMoney">>> {
    return callEndpoint(this.options, "sendMoney", { body, call });
  }

  getTransferStatus(transferId: string): Promise<ApiResult<Res<"getTransferStatus">>> {
    return callEndpoint(this.options, "getTransferStatus", { query: { transfer_id: transferId } });
  }

  startCardPayment(body: DealerCardPaymentBody, call?: DealerCall): Promise<ApiResult<Res<"startDealerCardPayment">>> {
    return callEndpoint(this.options, "startDealerCardPayment", { body, call });
  }

  getCardPaymentStatus(trackingCode: string): Promise<ApiResult<Res<"getDealerCardPaymentStatus">>> {
    return callEndpoint(this.options, "getDealerCardPaymentStatus", { query: { tracking_code: trackingCode } });
  }

  /** Any transaction of yours (DEP, WDR, CC): its fields, the outcome and the history. */
  getTransactionStatus(trackingCode: string): Promise<ApiResult<Res<"getDealerTransactionStatus">>> {
    return callEndpoint(this.options, "getDealerTransactionStatus", { query: { tracking_code: trackingCode } });
  }

  /** One page of your transactions in [from, to), newest first; pass next_cursor as cursor until it is null. */
  listTransactionRecords(query: DealerTransactionListQuery): Promise<ApiResult<Res<"listDealerTransactions">>> {
    return callEndpoint(this.options, "listDealerTransactions", {
      query: query as Record<string, string | number | undefined>,
    });
  }

  listCallbacks(trackingCode: string): Promise<ApiResult<Res<"listDealerCallbacks">>> {
    return callEndpoint(this.options, "listDealerCallbacks", { query: { tracking_code: trackingCode } });
  }

  /** A card payment's final callback sent again now (once a minute per transaction). */
  resendCallback(trackingCode: string): Promise<ApiResult<Res<"resendDealerCallback">>> {
    return callEndpoint(this.options, "resendDealerCallback", { body: { tracking_code: trackingCode } });
  }

  /**
   * What you hold per provider (owed, the service's fees, your commission), the totals, your own money and
   * your cash, now or as of a past instant (`{ as_of }`). The dealer's API key only: site integrations get 403.
   */
  getBalance(query: BalanceQuery = {}): Promise<ApiResult<Res<"getDealerBalance">>> {
    return callEndpoint(this.options, "getDealerBalance", { query });
  }
}

/**
 * A dealer's website calling the dealer API through a site integration: X-Site-Token and X-Hash =
 * H(site_token + secret_key + timestamp) with the integration's secret key. The same methods as
 * DealerClient; those outside the integration's scopes answer 403 "Scope not allowed".
 */
export class SiteIntegrationClient extends DealerClient {
  constructor(options: SiteClientOptions) {
    super(options);
  }
}
