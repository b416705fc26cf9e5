/** A typed client for both APIs and a callback verifier; runtime needs only Node's crypto and fetch. */
export { ProviderClient } from "./provider-client";
export { DealerClient, SiteIntegrationClient } from "./dealer-client";
export { verifyCallback, type CallbackCheck } from "./verify-callback";
export { contractHash } from "@/lib/base/crypto/contract-hash";
export {
  SIGNATURE_HEADER,
  callbackSigningInput,
  requestSigningInput,
  signatureHeader,
} from "@/lib/base/crypto/request-signature";
export type {
  ApiResult,
  ClientOptions,
  Credentials,
  ErrorBody,
  RawResponse,
  SiteClientOptions,
  SiteCredentials,
} from "./transport";
export type * from "./types";
