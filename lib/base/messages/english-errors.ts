import type { ErrorParams, ErrorWords, NamedEntity } from "./errors";

/** The rule a partner's address breaks when it is plain http in production (partner-url.ts). */
export const HTTPS_IN_PRODUCTION =
  "must be an https URL in production (plain http only to 127.0.0.1 or localhost, for tests)";

const NAMED: Record<NamedEntity, string> = {
  dealer: "Dealer",
  provider: "Provider",
  site: "Site",
  console_user: "Console user",
  gateway: "Gateway",
  delivery: "Delivery",
  bank_account: "Bank account",
  site_integration: "Site integration",
  discrepancy: "Discrepancy",
};

const SWITCHED_OFF: Record<ErrorParams["methodDisabled"]["method"], string> = {
  credit_card: "Credit card payment is not enabled for this dealer",
  eiban: "E-IBAN payment is not enabled for this dealer",
  manual_iban: "Manual bank transfer is not enabled for this dealer",
};

/**
 * The refusals in English: what the API answers (the contract's texts, byte for byte), what the admin CLI
 * prints and what the console shows an English reader.
 */
export const ENGLISH_ERRORS: ErrorWords = {
  doesNotExist: ({ entity, id }) => `${NAMED[entity as NamedEntity] ?? entity} ${id} does not exist.`,
  unknownPayment: () => "Unknown payment.",
  paymentMissing: () => "This payment does not exist.",
  transactionMissing: () => "The transaction does not exist.",
  noTransaction: ({ trackingCode }) => `No transaction ${trackingCode}.`,
  noCardPayment: ({ trackingCode }) => `No card payment ${trackingCode}.`,
  noTransfer: ({ transferId }) => `No transfer ${transferId}.`,
  transactionNotYours: () => "This transaction does not exist or is not yours to process.",
  walletNotYours: () => "This E-IBAN wallet does not exist or is not yours to manage.",
  siteIntegrationNotYours: () => "This site integration does not exist or is not yours to manage.",
  dealerNotYours: () => "This dealer does not exist or is not yours to manage.",
  bankAccountNotYours: () => "This bank account does not exist or is not yours to manage.",
  alertNotYours: () => "This alert does not exist or is not yours to resolve.",
  unknownWallet: () => "Unknown wallet.",
  gatewayMissing: () => "The gateway does not exist.",
  dealerMissing: () => "The dealer does not exist.",
  providerMissing: () => "The provider does not exist.",
  proposalMissing: () => "This proposal does not exist.",
  noOpenProposal: ({ trackingCode }) => `${trackingCode} has no proposal awaiting a second approval.`,
  blockMissing: () => "This block does not exist (it may have been lifted already).",
  unknownMerchant: ({ merchantId }) => `Unknown merchant ${merchantId}.`,
  noDemoTenant: () => "No demo tenant in this database: `npm run dev` creates it on an empty database.",

  referenceMissing: ({ entity, id }) => `${entity} ${id} does not exist`,
  cursorUnknown: () => "cursor is not one this API answered",
  toAfterFrom: () => "to must be later than from",
  windowTooLong: ({ days }) => `The window from from to to must be at most ${days} days`,
  encryptionKeysUnset: () => "set APP_ENCRYPTION_KEYS (the new key first, the old ones after it) before re-encrypting",
  setUpFirst: () => "start the set-up first",
  wrongCode: () => "the code is not the one the app shows now",
  ownAccount: () => "you cannot deactivate your own account",
  emailTaken: ({ email }) => `a user with email ${email} already exists`,
  noEibanAccount: () => "No E-IBAN account is available for this dealer at the moment",
  noBankAccountFor: ({ amount }) => `No bank account can take an amount of ${amount} TRY at the moment`,
  receivedPositive: () => "the received amount must be positive",
  receivedOverMax: ({ amount, max, owner }) =>
    `the received amount ${amount} is above the ${owner}'s maximum per transaction of ${max}`,
  overAccountMax: ({ max }) => `amount must be at most ${max}, this account's maximum per transaction`,
  giveStep: () => "give at least one step",
  noCallbackUrl: ({ target }) => `no ${target.replaceAll("_", " ")} callback URL is configured`,
  resolutionLength: () => "resolution must be 3 to 500 characters",
  graceRange: ({ max }) => `grace must be a whole number of seconds between 0 and ${max}`,
  walletIbanTaken: () => "an E-IBAN wallet with this IBAN already exists",
  bankNoAccount: () => "the bank has no account with this IBAN",
  bankUnreachable: () => "the bank could not be reached to read the account's balance; try again",
  gatewayIdUnusable: ({ reason }) => `gateway_id names a gateway that cannot take orders now: ${reason}`,
  gatewayUnusable: ({ gateway, reason }) => `gateway ${gateway} cannot take orders now: ${reason}`,
  gatewayCodeTaken: ({ code }) => `a gateway with code ${code} already exists (or had it before)`,
  gatewayNoSecret: ({ gateway }) =>
    `gateway ${gateway}'s connector has no "secret" to rotate; change its configuration instead`,
  connectorOneOf: ({ names }) => `connector must be one of ${names}`,
  configObject: () => "config must be a JSON object",
  connectorKinds: ({ connector, kinds }) => `connector ${connector} serves ${kinds} gateways only`,
  configProblem: ({ problem }) => `config ${problem}`,
  connectorProblem: ({ problem }) => problem,
  secretAgainForAddress: ({ secret, addresses }) =>
    `Enter ${secret} again: ${addresses} changed, and a stored secret is never sent to a new address`,
  gatewayAmount: () => "This gateway cannot take this amount.",
  chooseCoin: () => "Choose a coin this gateway supports.",
  walletNoConnector: ({ iban }) => `E-IBAN wallet ${iban} has no bank connector configured`,
  walletConnectorMissing: ({ iban, connector }) =>
    `E-IBAN wallet ${iban}'s bank connector "${connector}" is not available`,
  sandboxNoAccount: ({ iban }) => `the sandbox bank has no account ${iban}`,
  notReal: ({ field }) => `${field} is not a real date and time`,
  noActiveGateway: ({ kind }) => `gateway_id does not name an active ${kind} gateway`,
  gatewayAmountRange: ({ min, max }) => `amount must be between ${min} and ${max} for this gateway`,
  requiredByGateway: ({ field }) => `${field} is required by this gateway`,
  ibanInvalid: ({ field }) => `${field} is not a valid IBAN`,
  oneOf: ({ field, names }) => `${field} must be one of ${names}`,
  walletAddress: ({ field, network }) => `${field} is not a valid ${network} address`,

  invalidDateRange: () => "end_date must not be before start_date.",
  dateRangeExceeded: ({ days }) => `The date range may span at most ${days} days.`,
  walletNotAssigned: () => "This wallet is not assigned to your dealer account.",
  minTransfer: ({ amount }) => `The minimum transfer amount is ${amount} TRY.`,
  invalidIban: () => "The recipient IBAN is not valid.",
  insufficientBalance: () => "The wallet's available balance is too low for this transfer.",

  invalidCredentialKey: () => "Invalid credential key",
  siteInactive: () => "This site has been deactivated.",
  dealerInactive: () => "The dealer serving this site has been deactivated; no new payments can be taken.",
  customerBlocked: () => "This customer is blocked. Payment not allowed.",
  methodDisabled: ({ method }) =>
    SWITCHED_OFF[method as keyof typeof SWITCHED_OFF] ?? `${method} is not enabled for this dealer`,
  noAcquirer: () => "Credit card payment is not available for this dealer: no card acquirer is configured",
  secondFactorSetTurnOff: () => "A second factor is already set up; turn it off first to set up another.",
  secondFactorSet: () => "A second factor is already set up.",
  alreadyMatched: () => "That payment is already matched to another deposit.",
  alreadyProposed: ({ trackingCode, proposer }) =>
    `${trackingCode} is already awaiting a second approval (proposed by ${proposer}).`,
  alreadyDecided: ({ trackingCode, decision, decider }) =>
    `${trackingCode}: this proposal was already ${decision} by ${decider}.`,
  adminsOnlyDecline: () => "Only an admin can decline a proposal awaiting a second approval.",
  notEibanWithdrawal: ({ trackingCode }) => `${trackingCode} is not an E-IBAN withdrawal.`,
  alreadySent: ({ trackingCode }) => `${trackingCode} was already sent to the bank.`,
  noWalletBalance: ({ amount }) => `No E-IBAN wallet of the dealer has ${amount} TRY available.`,
  notFinalYet: ({ trackingCode }) =>
    `Transaction ${trackingCode} owes no callback yet: it is not final. Its status is answered by the status endpoint.`,
  owesNoCallback: ({ trackingCode }) =>
    `Transaction ${trackingCode} owes no callback: a dealer's own deposits and withdrawals are answered by the ` +
    "status endpoint only.",
  resendWithoutUrl: ({ trackingCode }) =>
    `The callback of ${trackingCode} has nowhere to go: no callback URL is set for it. Set the URL, then resend.`,
  integrationRevoked: () => "This site integration was revoked and cannot be changed; issue a new one.",
  alertResolved: () => "This alert was already resolved.",
  discrepancyClosed: ({ status }) => `This discrepancy is already ${status}.`,
  discrepancyNotAcceptable: () =>
    "Nothing can be applied for this discrepancy here: close it with what you found (explain).",
  discrepancyAcceptProblem: ({ why }) => `The partner's record cannot be applied: ${why}.`,
  discrepancyAdminsOnly: () => "Only an admin can resolve a reconciliation discrepancy.",
  discrepancySecondAdmin: ({ why }) => `Not confirmed: ${why}.`,
  notOpen: () => "This payment is no longer open.",
  fixedAmount: () => "The amount of this payment cannot be changed.",
  cannotChange: () => "This payment can no longer be changed.",
  gatewayUnavailable: ({ gateway, why }) =>
    `${gateway} could not issue payment details now${why ? ` (${why})` : ""}; try again or choose another gateway.`,
  acquirerNoCheckout: ({ why }) => `The card acquirer did not open the checkout: ${why}`,
  refundUnasked: ({ why }) => `The acquirer could not be asked for the refund: ${why}`,
  refundRefused: ({ code, why }) => `The acquirer refused the refund: ${code}: ${why}`,
  refundNoAnswer: ({ amount, refundId }) =>
    `The acquirer did not answer the refund of ${amount} (${refundId}): it is unknown and stays held until the ` +
    `acquirer's records show whether it was made; check or retry it`,
  refundInFlight: ({ amount, refundId }) =>
    `A refund of ${amount} (${refundId}) of this payment is being asked of the acquirer: wait for its answer`,
  refundProposedOpen: ({ amount, refundId }) =>
    `A refund of ${amount} (${refundId}) of this payment awaits a second admin: confirm or decline it first`,
  refundNotProposed: ({ refundId, status }) => `Refund ${refundId} is not awaiting a second admin (it is ${status})`,
  refundSecondPerson: ({ refundId, why }) => `Refund ${refundId} cannot be confirmed by you: ${why}`,
  transferAdminsOnly: () =>
    "Only an admin signed in to the console approves or declines a transfer held for four eyes.",
  transferMissing: ({ transferId }) => `There is no transfer ${transferId}.`,
  transferNotHeld: ({ transferId }) => `Transfer ${transferId} is not awaiting approval.`,
  transferProposed: ({ transferId, proposer }) =>
    `Transfer ${transferId} is already approved by ${proposer}: another admin confirms it.`,
  transferNotProposed: ({ transferId }) =>
    `Transfer ${transferId} has no first approval yet: approve it first; another admin then confirms it.`,
  transferSecondPerson: ({ transferId, why }) => `Transfer ${transferId} cannot be confirmed by you: ${why}`,
  refundUnknownOpen: ({ amount, refundId }) =>
    `A refund of ${amount} (${refundId}) of this payment got no answer from the acquirer: no new refund until it is ` +
    `settled; check or retry it`,
  refundStillChecking: ({ refundId, minutes }) =>
    `The acquirer's records do not show refund ${refundId} yet; it can be sent again in ${minutes} minutes if they ` +
    `still do not`,
  refundSettled: ({ refundId }) => `Refund ${refundId} is no longer unknown: the payment's history says how it ended`,
  refundCheckFailed: ({ refundId, why }) =>
    `The acquirer could not be asked about refund ${refundId}; it stays unknown: ${why}`,
  inProgress: () => "A request with this Idempotency-Key is still being processed.",
  transitionRefused: ({ trackingCode, status, detail }) => `${trackingCode} is ${status}; ${detail}`,

  demoInProduction: () =>
    "demo:credentials only runs in development: production secrets are shown once, when created or rotated.",
  positiveWhole: ({ flag }) => `--${flag} must be a positive whole number`,
  trueOrFalse: ({ flag }) => `--${flag} must be true or false`,
  atLeastOneFlag: ({ flags }) => `give at least one of ${flags}`,
  passwordTwice: () => "give --password or --password-file, not both",
  passwordFileUnreadable: ({ file, reason }) => `--password-file ${file} cannot be read (${reason})`,
  oneTrackingCode: () => "give exactly one tracking code",
  oneRefundId: () => "give exactly one refund id",
  reasonNeeded: () => "give a --reason (at least 3 characters)",
  configNeedsConnector: () => "--config needs --connector NAME",
  connectorNeedsConfig: () => "--connector needs --config JSON",
  configFlagObject: () => "--config must be a JSON object",
  configFlagRequired: () => "--config is required (a JSON object of the connector's keys)",
  connectorFlagRequired: ({ names }) => `--connector is required (${names})`,
  methodFlagOneOf: ({ names }) => `--method must be one of ${names}`,
  methodFlagRequired: ({ names }) => `--method is required (${names})`,
  targetOneOf: ({ names }) => `target must be one of ${names}`,
  balanceSandboxOnly: () => "--balance funds a sandbox bank account; with a real bank the balance is the bank's",
  feeFlowUnknown: ({ method, direction }) => `providers have no ${method} ${direction} to charge a fee on`,
  feeScheduleExists: ({ from }) => `a fee schedule of this provider, method and direction already starts at ${from}`,
  adjustmentAccounts: () =>
    "an adjustment moves money between two different accounts of one dealer, naming the provider where the account " +
    "is a provider's",
  adjustmentReason: () => "reason must be 3 to 500 characters",
  settlementAdminsOnly: () => "only an admin records a settlement payment",
  settlementNoPair: () => "this provider and dealer have no money together in the ledger: there is nothing to settle",
  settlementPaidLater: ({ day }) => `paidOn must be a day that has begun (today is ${day} in Istanbul)`,
  settlementReferenceTaken: ({ reference, amount }) =>
    `the payment with reference ${reference} is already recorded for this provider, dealer and direction, for ` +
    `${amount}: a payment is recorded once`,

  unknownField: ({ field }) => `Unknown field: ${field}`,
  required: ({ field }) => `${field} is required`,
  number: ({ field }) => `${field} must be a number`,
  decimals: ({ field }) => `${field} must be a positive number with at most 2 decimal places`,
  percentage: ({ field }) => `${field} must be a percentage from 0 to 100 with at most 4 decimal places`,
  atLeast: ({ field, min }) => `${field} must be at least ${min}`,
  atMost: ({ field, max }) => `${field} must be at most ${max}`,
  maxChars: ({ field, limit }) => `${field} must be at most ${limit} characters`,
  ibanLength: ({ field }) => `${field} must be 15 to 34 characters`,
  ibanChecksum: ({ field }) => `${field} is not a valid IBAN (checksum failed)`,
  httpUrl: ({ field }) => `${field} must be an http(s) URL`,
  httpsInProduction: ({ field }) => `${field}: ${HTTPS_IN_PRODUCTION}`,
  unstorable: ({ field }) => `${field} must not contain NUL or unpaired surrogate characters`,
  ipLine: ({ line, entry }) => `line ${line}: "${entry}" is not a valid IP address or CIDR range`,
  ipEntry: ({ entry }) => `"${entry}" is not a valid IP address or CIDR range`,
  ipTooMany: ({ count }) => `the IP whitelist may hold at most ${count} entries`,
  missing: ({ rule }) => rule,
  wrongType: ({ rule }) => rule,
  tooBig: ({ rule }) => rule,
  tooSmall: ({ rule }) => rule,
  badFormat: ({ rule }) => rule,
  notAllowed: ({ rule }) => rule,
  ruleBroken: ({ rule }) => rule,
};
