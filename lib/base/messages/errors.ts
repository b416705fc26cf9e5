/**
 * The catalogue of domain refusals (DomainError): each is a key and its parameters, checked by TypeScript,
 * and worded where it is shown: the API and the admin CLI in English (lib/base/messages/english-errors.ts,
 * the contract's texts byte for byte), the console and the payment pages in the reader's language (their
 * dictionaries' `errors`, which must word every key here). Free text a partner, a connector or a schema
 * sends (a gateway's reason, a connector's config problem) is a parameter and is shown as sent.
 *
 * Parameters are named for how they are shown: AMOUNT_PARAMS as money, FIELD_PARAMS as a field's name,
 * STATUS_PARAMS as a status word; the rest as given.
 */
export type ErrorParams = {
  // Not found (404 at the API)
  doesNotExist: { entity: NamedEntity; id: number | string };
  unknownPayment: Empty;
  paymentMissing: Empty;
  transactionMissing: Empty;
  noTransaction: { trackingCode: string };
  noCardPayment: { trackingCode: string };
  noTransfer: { transferId: string };
  transactionNotYours: Empty;
  walletNotYours: Empty;
  siteIntegrationNotYours: Empty;
  dealerNotYours: Empty;
  bankAccountNotYours: Empty;
  alertNotYours: Empty;
  unknownWallet: Empty;
  gatewayMissing: Empty;
  dealerMissing: Empty;
  providerMissing: Empty;
  proposalMissing: Empty;
  noOpenProposal: { trackingCode: string };
  blockMissing: Empty;
  unknownMerchant: { merchantId: string };
  noDemoTenant: Empty;
  // Refusals of a request's content (422)
  referenceMissing: { entity: "dealer" | "provider" | "gateway"; id: number | string };
  cursorUnknown: Empty;
  toAfterFrom: Empty;
  windowTooLong: { days: number };
  encryptionKeysUnset: Empty;
  setUpFirst: Empty;
  wrongCode: Empty;
  ownAccount: Empty;
  emailTaken: { email: string };
  noEibanAccount: Empty;
  noBankAccountFor: { amount: string };
  receivedPositive: Empty;
  receivedOverMax: { amount: string; max: string; owner: "provider" | "dealer" };
  overAccountMax: { max: string };
  giveStep: Empty;
  noCallbackUrl: { target: "deposit" | "withdrawal" | "credit_card" | "dealer_credit_card" };
  resolutionLength: Empty;
  graceRange: { max: number };
  walletIbanTaken: Empty;
  bankNoAccount: Empty;
  bankUnreachable: Empty;
  gatewayIdUnusable: { reason: string };
  gatewayUnusable: { gateway: string; reason: string };
  gatewayCodeTaken: { code: string };
  gatewayNoSecret: { gateway: string };
  connectorOneOf: { names: string };
  configObject: Empty;
  connectorKinds: { connector: string; kinds: string };
  configProblem: { problem: string };
  connectorProblem: { problem: string };
  secretAgainForAddress: { secret: string; addresses: string };
  gatewayAmount: Empty;
  chooseCoin: Empty;
  walletNoConnector: { iban: string };
  walletConnectorMissing: { iban: string; connector: string };
  sandboxNoAccount: { iban: string };
  notReal: { field: "from" | "to" };
  noActiveGateway: { kind: string };
  gatewayAmountRange: { min: string; max: string };
  requiredByGateway: { field: string };
  ibanInvalid: { field: string };
  oneOf: { field: string; names: string };
  walletAddress: { field: string; network: string };
  // Business codes of the dealer API (decisions §4)
  invalidDateRange: Empty;
  dateRangeExceeded: { days: number };
  walletNotAssigned: Empty;
  minTransfer: { amount: string };
  invalidIban: Empty;
  insufficientBalance: Empty;
  // Refusals of who asks or of the state things are in (401/403/409)
  invalidCredentialKey: Empty;
  siteInactive: Empty;
  dealerInactive: Empty;
  customerBlocked: Empty;
  methodDisabled: { method: "credit_card" | "eiban" | "manual_iban" };
  noAcquirer: Empty;
  secondFactorSetTurnOff: Empty;
  secondFactorSet: Empty;
  alreadyMatched: Empty;
  alreadyProposed: { trackingCode: string; proposer: string };
  alreadyDecided: { trackingCode: string; decision: string; decider: string };
  adminsOnlyDecline: Empty;
  notEibanWithdrawal: { trackingCode: string };
  alreadySent: { trackingCode: string };
  noWalletBalance: { amount: string };
  notFinalYet: { trackingCode: string };
  owesNoCallback: { trackingCode: string };
  resendWithoutUrl: { trackingCode: string };
  integrationRevoked: Empty;
  alertResolved: Empty;
  discrepancyClosed: { status: string };
  discrepancyNotAcceptable: Empty;
  discrepancyAcceptProblem: { why: string };
  discrepancyAdminsOnly: Empty;
  discrepancySecondAdmin: { why: string };
  notOpen: Empty;
  fixedAmount: Empty;
  cannotChange: Empty;
  gatewayUnavailable: { gateway: string; why?: string };
  acquirerNoCheckout: { why: string };
  refundUnasked: { why: string };
  refundRefused: { code: string; why: string };
  refundNoAnswer: { amount: string; refundId: string };
  refundInFlight: { amount: string; refundId: string };
  refundUnknownOpen: { amount: string; refundId: string };
  refundProposedOpen: { amount: string; refundId: string };
  refundNotProposed: { refundId: string; status: string };
  refundSecondPerson: { refundId: string; why: string };
  transferAdminsOnly: Empty;
  transferMissing: { transferId: string };
  transferNotHeld: { transferId: string };
  transferProposed: { transferId: string; proposer: string };
  transferNotProposed: { transferId: string };
  transferSecondPerson: { transferId: string; why: string };
  refundStillChecking: { refundId: string; minutes: number };
  refundSettled: { refundId: string };
  refundCheckFailed: { refundId: string; why: string };
  inProgress: Empty;
  /** A lifecycle refusal: `detail` is the lifecycle's English; the console words the refusal itself (word-note.ts). */
  transitionRefused: { trackingCode: string; status: string; detail: string };
  // The admin CLI's flags
  demoInProduction: Empty;
  positiveWhole: { flag: string };
  trueOrFalse: { flag: string };
  atLeastOneFlag: { flags: string };
  passwordTwice: Empty;
  passwordFileUnreadable: { file: string; reason: string };
  oneTrackingCode: Empty;
  oneRefundId: Empty;
  reasonNeeded: Empty;
  configNeedsConnector: Empty;
  connectorNeedsConfig: Empty;
  configFlagObject: Empty;
  configFlagRequired: Empty;
  connectorFlagRequired: { names: string };
  methodFlagOneOf: { names: string };
  methodFlagRequired: { names: string };
  targetOneOf: { names: string };
  balanceSandboxOnly: Empty;
  // The ledger (docs/ledger.md): fee schedules and manual adjustments
  feeFlowUnknown: { method: string; direction: string };
  feeScheduleExists: { from: string };
  adjustmentAccounts: Empty;
  adjustmentReason: Empty;
  // Settlements (docs/ledger.md "Settlements"): a payment recorded by an admin with its bank reference
  settlementAdminsOnly: Empty;
  settlementNoPair: Empty;
  settlementPaidLater: { day: string };
  settlementReferenceTaken: { reference: string; amount: string };
  // Validation issues of a schema, by kind, with the field
  unknownField: { field: string };
  required: { field: string };
  number: { field: string };
  decimals: { field: string };
  percentage: { field: string };
  atLeast: { field: string; min: string };
  atMost: { field: string; max: string };
  maxChars: { field: string; limit: number };
  ibanLength: { field: string };
  ibanChecksum: { field: string };
  httpUrl: { field: string };
  /** `field` left "" by a reusable schema rule: filled from the path (describeIssue). */
  httpsInProduction: { field: string };
  unstorable: { field: string };
  ipLine: { line: number; entry: string };
  ipEntry: { entry: string };
  ipTooMany: { count: number };
  // Other issues of a schema, by zod's kind: `rule` is the schema's own English words (the API's text),
  // the other parameters let another language word the same rule.
  missing: { field: string; rule: string };
  wrongType: { field: string; rule: string; expected: string };
  tooBig: { field: string; rule: string; limit: string; of: string };
  tooSmall: { field: string; rule: string; limit: string; of: string };
  badFormat: { field: string; rule: string; format: string };
  notAllowed: { field: string; rule: string; options: string };
  ruleBroken: { field: string; rule: string };
};

type Empty = Record<string, never>;

/** Things the domain names by id ("Dealer 7 does not exist."). */
export type NamedEntity =
  | "dealer"
  | "provider"
  | "site"
  | "console_user"
  | "gateway"
  | "delivery"
  | "bank_account"
  | "site_integration"
  | "discrepancy";

export type ErrorKey = keyof ErrorParams;

/** A refusal as carried: its key and parameters, checked against the catalogue. */
export type ErrorMessage = { [K in ErrorKey]: { key: K; params: ErrorParams[K] } }[ErrorKey];

/** How a language words every refusal (parameters already formatted for that language). */
export type ErrorWords = { [K in ErrorKey]: (params: { [P in keyof ErrorParams[K]]: string }) => string };

export function refusal<K extends ErrorKey>(
  key: K,
  ...params: ErrorParams[K] extends Empty ? [] : [ErrorParams[K]]
): ErrorMessage {
  const given = (params[0] ?? {}) as Record<string, unknown>;
  const kept = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value !== null));
  return { key, params: kept } as ErrorMessage;
}

/** A refusal in words: each parameter shown by `show` (money, field, status), then the language's words. */
export function wordError(
  m: ErrorMessage,
  words: ErrorWords,
  show: (name: string, value: unknown) => string = (_, value) => String(value),
): string {
  const params = Object.fromEntries(Object.entries(m.params).map(([name, value]) => [name, show(name, value)]));
  return (words[m.key] as (p: Record<string, string>) => string)(params);
}

export const AMOUNT_PARAMS: ReadonlySet<string> = new Set(["amount", "max", "min"]);
export const FIELD_PARAMS: ReadonlySet<string> = new Set(["field"]);
