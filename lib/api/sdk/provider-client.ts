import { callEndpoint, type Call } from "./call";
import type { Res, ThirdPartyKind } from "./endpoints";
import type { ApiResult, ClientOptions } from "./transport";
import type {
  BalanceQuery,
  CardPaymentBody,
  DepositBody,
  ThirdPartyDepositBody,
  ThirdPartyWithdrawalBody,
  TransactionListBody,
  WithdrawalBody,
} from "./types";

const capitalized = <K extends ThirdPartyKind>(kind: K) => `${kind[0]!.toUpperCase()}${kind.slice(1)}` as Capitalize<K>;

/**
 * The provider API (/api/provider) with every request signed as its endpoint's contract requires. Each
 * method resolves to an ApiResult: `ok` with the typed body, or the error body and HTTP status.
 */
export class ProviderClient {
  constructor(private readonly options: ClientOptions & { verificationKey?: string }) {}

  welcome(): Promise<ApiResult<Res<"welcome">>> {
    return callEndpoint(this.options, "welcome");
  }

  /** Needs the verification key: X-Key and H(api_key + secret_key + key + timestamp). */
  listSites(verificationKey = this.options.verificationKey ?? ""): Promise<ApiResult<Res<"listSites">>> {
    return callEndpoint(this.options, "listSites", { key: verificationKey });
  }

  startManualDeposit(
    credentialKey: string,
    body: DepositBody,
    call?: Call,
  ): Promise<ApiResult<Res<"startManualDeposit">>> {
    return callEndpoint(this.options, "startManualDeposit", { key: credentialKey, body, call });
  }

  startManualWithdrawal(
    credentialKey: string,
    body: WithdrawalBody,
    call?: Call,
  ): Promise<ApiResult<Res<"startManualWithdrawal">>> {
    return callEndpoint(this.options, "startManualWithdrawal", { key: credentialKey, body, call });
  }

  startEibanDeposit(
    credentialKey: string,
    body: DepositBody,
    call?: Call,
  ): Promise<ApiResult<Res<"startEibanDeposit">>> {
    return callEndpoint(this.options, "startEibanDeposit", { key: credentialKey, body, call });
  }

  startEibanWithdrawal(
    credentialKey: string,
    body: WithdrawalBody,
    call?: Call,
  ): Promise<ApiResult<Res<"startEibanWithdrawal">>> {
    return callEndpoint(this.options, "startEibanWithdrawal", { key: credentialKey, body, call });
  }

  /** The credential key travels in the body here, not in the hash. */
  startCardPayment(body: CardPaymentBody, call?: Call): Promise<ApiResult<Res<"startCardPayment">>> {
    return callEndpoint(this.options, "startCardPayment", { body, call });
  }

  getCardPaymentStatus(trackingCode: string): Promise<ApiResult<Res<"getCardPaymentStatus">>> {
    return callEndpoint(this.options, "getCardPaymentStatus", { body: { tracking_code: trackingCode } });
  }

  listGateways<K extends ThirdPartyKind>(kind: K): Promise<ApiResult<Res<`list${Capitalize<K>}Gateways`>>> {
    return callEndpoint(this.options, `list${capitalized(kind)}Gateways`);
  }

  startThirdPartyDeposit<K extends ThirdPartyKind>(
    kind: K,
    credentialKey: string,
    body: ThirdPartyDepositBody,
    call?: Call,
  ): Promise<ApiResult<Res<`start${Capitalize<K>}Deposit`>>> {
    return callEndpoint(this.options, `start${capitalized(kind)}Deposit`, { key: credentialKey, body, call });
  }

  startThirdPartyWithdrawal<K extends ThirdPartyKind>(
    kind: K,
    credentialKey: string,
    body: ThirdPartyWithdrawalBody<K>,
    call?: Call,
  ): Promise<ApiResult<Res<`start${Capitalize<K>}Withdrawal`>>> {
    return callEndpoint(this.options, `start${capitalized(kind)}Withdrawal`, { key: credentialKey, body, call });
  }

  /** Any transaction of yours, any method: the create response's fields, the outcome and the history. */
  getTransactionStatus(trackingCode: string): Promise<ApiResult<Res<"getTransactionStatus">>> {
    return callEndpoint(this.options, "getTransactionStatus", { body: { tracking_code: trackingCode } });
  }

  /** One page of your transactions in [from, to), newest first; pass next_cursor as cursor until it is null. */
  listTransactions(body: TransactionListBody): Promise<ApiResult<Res<"listTransactions">>> {
    return callEndpoint(this.options, "listTransactions", { body });
  }

  listCallbacks(trackingCode: string): Promise<ApiResult<Res<"listCallbacks">>> {
    return callEndpoint(this.options, "listCallbacks", { body: { tracking_code: trackingCode } });
  }

  /** The final callback sent again now (once a minute per transaction). */
  resendCallback(trackingCode: string): Promise<ApiResult<Res<"resendCallback">>> {
    return callEndpoint(this.options, "resendCallback", { body: { tracking_code: trackingCode } });
  }

  /** What each dealer holds for you (positive: it owes you), now or as of a past instant (`{ as_of }`). */
  getBalance(query: BalanceQuery = {}): Promise<ApiResult<Res<"getBalance">>> {
    return callEndpoint(this.options, "getBalance", { body: query });
  }
}
