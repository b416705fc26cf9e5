import type { z } from "zod";
import type * as P from "@/lib/domain/schemas/responses/provider-responses";
import type * as T from "@/lib/domain/schemas/responses/third-party-responses";
import { send, toResult, type ApiResult, type ClientOptions } from "./transport";
import type { CardPaymentBody, DepositBody, ThirdPartyDepositBody, ThirdPartyKind, ThirdPartyWithdrawalBody, WithdrawalBody } from "./types";

type Out<S extends z.ZodType> = z.output<S>;
type Call = { idempotencyKey?: string; headers?: Record<string, string> };

type ThirdPartyDeposit = { bank: Out<typeof T.bankDepositResponseSchema>; crypto: Out<typeof T.cryptoDepositResponseSchema>; wallet: Out<typeof T.walletDepositResponseSchema> };
type ThirdPartyWithdrawal = { bank: Out<typeof T.bankWithdrawalResponseSchema>; crypto: Out<typeof T.cryptoWithdrawalResponseSchema>; wallet: Out<typeof T.walletWithdrawalResponseSchema> };
type GatewayList = { bank: Out<typeof P.gatewayListResponseSchema>; crypto: Out<typeof P.cryptoGatewayListResponseSchema>; wallet: Out<typeof P.gatewayListResponseSchema> };

/**
 * The provider API (/api/provider) with every request signed as its endpoint requires. Each method
 * resolves to an ApiResult: `ok` with the typed body, or the error body and HTTP status.
 */
export class ProviderClient {
  constructor(private readonly options: ClientOptions & { verificationKey?: string }) {}

  /** Signed with X-Credential-Key: H(api_key + secret_key + credential_key + timestamp). */
  private withSite<R>(path: string, credentialKey: string, body: unknown, call: Call = {}) {
    return send(this.options, { method: "POST", path, body, hashMiddle: [credentialKey], headers: { "x-credential-key": credentialKey, ...call.headers }, idempotencyKey: call.idempotencyKey }).then(toResult<R>);
  }

  /** Signed with the timestamp only: H(api_key + secret_key + timestamp). */
  private plain<R>(method: "GET" | "POST", path: string, body?: unknown, call: Call = {}) {
    return send(this.options, { method, path, body, headers: call.headers, idempotencyKey: call.idempotencyKey }).then(toResult<R>);
  }

  welcome(): Promise<ApiResult<Out<typeof P.welcomeResponseSchema>>> {
    return this.plain("POST", "/api/provider/welcome");
  }

  /** Needs the verification key: X-Key and H(api_key + secret_key + key + timestamp). */
  listSites(verificationKey = this.options.verificationKey ?? ""): Promise<ApiResult<Out<typeof P.sitesResponseSchema>>> {
    return send(this.options, { method: "POST", path: "/api/provider/sites", hashMiddle: [verificationKey], headers: { "x-key": verificationKey } }).then(toResult<Out<typeof P.sitesResponseSchema>>);
  }

  startManualDeposit(credentialKey: string, body: DepositBody, call?: Call): Promise<ApiResult<Out<typeof P.manualDepositResponseSchema>>> {
    return this.withSite("/api/provider/start-manual-deposit", credentialKey, body, call);
  }

  startManualWithdrawal(credentialKey: string, body: WithdrawalBody, call?: Call): Promise<ApiResult<Out<typeof P.manualWithdrawalResponseSchema>>> {
    return this.withSite("/api/provider/start-manual-withdraw", credentialKey, body, call);
  }

  startEibanDeposit(credentialKey: string, body: DepositBody, call?: Call): Promise<ApiResult<Out<typeof P.eibanDepositResponseSchema>>> {
    return this.withSite("/api/provider/start-eiban-deposit", credentialKey, body, call);
  }

  startEibanWithdrawal(credentialKey: string, body: WithdrawalBody, call?: Call): Promise<ApiResult<Out<typeof P.eibanWithdrawalResponseSchema>>> {
    return this.withSite("/api/provider/start-eiban-withdraw", credentialKey, body, call);
  }

  /** The credential key travels in the body here, not in the hash. */
  startCardPayment(body: CardPaymentBody, call?: Call): Promise<ApiResult<Out<typeof P.cardPaymentResponseSchema>>> {
    return this.plain("POST", "/api/provider/credit-card/payment", body, call);
  }

  getCardPaymentStatus(trackingCode: string): Promise<ApiResult<Out<typeof P.cardStatusResponseSchema>>> {
    return this.plain("POST", "/api/provider/credit-card/status", { tracking_code: trackingCode });
  }

  listGateways<K extends ThirdPartyKind>(kind: K): Promise<ApiResult<GatewayList[K]>> {
    return this.plain("GET", `/api/provider/third-party/${kind}/gateways`);
  }

  startThirdPartyDeposit<K extends ThirdPartyKind>(kind: K, credentialKey: string, body: ThirdPartyDepositBody, call?: Call): Promise<ApiResult<ThirdPartyDeposit[K]>> {
    return this.withSite(`/api/provider/third-party/${kind}/start-deposit`, credentialKey, body, call);
  }

  startThirdPartyWithdrawal<K extends ThirdPartyKind>(kind: K, credentialKey: string, body: ThirdPartyWithdrawalBody<K>, call?: Call): Promise<ApiResult<ThirdPartyWithdrawal[K]>> {
    return this.withSite(`/api/provider/third-party/${kind}/start-withdrawal`, credentialKey, body, call);
  }
}
