/**
 * The part of the official `iyzipay` client (iyzico/iyzipay-node, plain JavaScript without types) this
 * connector uses. Each resource takes a request object and answers through a Node-style callback with the
 * parsed JSON body (or the raw text when the answer was not JSON); the HTTP status is not passed on.
 */
declare module "iyzipay" {
  type IyzipayCallback = (error: Error | null, result: unknown) => void;
  type IyzipayResource = {
    create(request: Record<string, unknown>, callback: IyzipayCallback): void;
    retrieve(request: Record<string, unknown>, callback: IyzipayCallback): void;
  };
  class Iyzipay {
    constructor(config: { apiKey: string; secretKey: string; uri: string });
    checkoutFormInitialize: IyzipayResource;
    checkoutForm: IyzipayResource;
    payment: IyzipayResource;
    refundV2: IyzipayResource;
    binNumber: IyzipayResource;
    /** GET /v2/reporting/payment/details: a payment's current state, its refunds included. */
    reportingTransactionDetails: IyzipayResource;
  }
  export = Iyzipay;
}
