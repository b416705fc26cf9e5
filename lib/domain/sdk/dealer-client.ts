import type { z } from "zod";
import type * as D from "@/lib/domain/schemas/responses/dealer-responses";
import type { cardStatusResponseSchema } from "@/lib/domain/schemas/responses/provider-responses";
import { send, toResult, type ApiResult, type ClientOptions, type SiteClientOptions } from "./transport";
import type { DealerCardPaymentBody, DealerDepositBody, DealerWithdrawalBody, SendMoneyBody, TransactionsQuery } from "./types";

type Out<S extends z.ZodType> = z.output<S>;
type Call = { idempotencyKey?: string };

/**
 * The dealer API (/api/dealer): every request signed with H(api_key + secret_key + timestamp), or, built by
 * SiteIntegrationClient, with a site integration's token and secret.
 */
export class DealerClient {
  constructor(private readonly options: ClientOptions | SiteClientOptions) {}

  private get<R>(path: string, query: Record<string, string | number | undefined> = {}) {
    return send(this.options, { method: "GET", path, query }).then(toResult<R>);
  }

  private post<R>(path: string, body: unknown, call: Call = {}) {
    return send(this.options, { method: "POST", path, body, idempotencyKey: call.idempotencyKey }).then(toResult<R>);
  }

  getSettings(): Promise<ApiResult<Out<typeof D.dealerSettingsResponseSchema>>> {
    return this.get("/api/dealer/settings");
  }

  startDeposit(body: DealerDepositBody, call?: Call): Promise<ApiResult<Out<typeof D.dealerDepositResponseSchema>>> {
    return this.post("/api/dealer/manual-iban/deposit", body, call);
  }

  startWithdrawal(body: DealerWithdrawalBody, call?: Call): Promise<ApiResult<Out<typeof D.dealerWithdrawalResponseSchema>>> {
    return this.post("/api/dealer/manual-iban/withdraw", body, call);
  }

  listEibans(): Promise<ApiResult<Out<typeof D.eibansResponseSchema>>> {
    return this.get("/api/dealer/eibans");
  }

  listTransactions(query: TransactionsQuery): Promise<ApiResult<Out<typeof D.eibanTransactionsResponseSchema>>> {
    return this.get("/api/dealer/transactions", query as Record<string, string | number | undefined>);
  }

  sendMoney(body: SendMoneyBody, call?: Call): Promise<ApiResult<Out<typeof D.sendMoneyResponseSchema>>> {
    return this.post("/api/dealer/send-money", body, call);
  }

  getTransferStatus(transferId: string): Promise<ApiResult<Out<typeof D.transferStatusResponseSchema>>> {
    return this.get("/api/dealer/transfer-status", { transfer_id: transferId });
  }

  startCardPayment(body: DealerCardPaymentBody, call?: Call): Promise<ApiResult<Out<typeof D.dealerCardPaymentResponseSchema>>> {
    return this.post("/api/dealer/credit-card/payment", body, call);
  }

  getCardPaymentStatus(trackingCode: string): Promise<ApiResult<Out<typeof cardStatusResponseSchema>>> {
    return this.get("/api/dealer/credit-card/status", { tracking_code: trackingCode });
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
