import type { ConnectorName } from "@/lib/integrations/connectors/registry";
import { wordMap } from "@/lib/edge/i18n/word-map";
/** The dealer's card acquirer panel (admins): its connector, configuration and test connection. */
export const acquirers = {
  heading: "Card acquirer",
  intro:
    "The dealer's own merchant account at its acquirer: card payments go through it. Without one, card payments are " +
    "refused.",
  none: "No card acquirer is configured: card payments are refused.",
  current: (label: string) => `In use: ${label}`,
  unusable:
    "This connector cannot take payments here (a sandbox while the sandbox is off, or an outdated configuration).",
  connector: "Connector",
  use: (label: string) => `Use ${label}`,
  secretHint: "Write-only: leave empty to keep the stored value (after an address change, enter it again).",
  optional: "optional",
  save: "Save the acquirer",
  saved: "The card acquirer is saved.",
  test: "Test connection",
  testOk: (label: string) => `The connection works: ${label} accepted the stored configuration.`,
  testFailed: (label: string) => `The connection does not work: ${label} did not accept the stored configuration.`,
  /** The connector's own answer, as it gave it (an acquirer's text is not translated). */
  testAnswer: (answer: string) => `Its answer: ${answer}`,
  noneToTest: "No card acquirer is configured, so there is nothing to test.",
  /** A connection test that reached nobody: what happened, in the console's language (the partner never answered). */
  unreachable: (label: string, host: string, cause: string) =>
    `The connection does not work: ${label} could not be reached at ${host}: ${cause}.`,
  causes: {
    dns: "the host name was not found (check the address)",
    refused: "nothing answers on that port (check the address and port)",
    tls: "the secure connection (TLS) could not be set up",
    timeout: "no answer came in time",
    reset: "the connection was cut before an answer",
    network: "a network error stopped the call",
  },
  notSet: "(not set)",
  inUse: "in use",
  notificationUrl:
    "This acquirer sends its notifications to one address set in its merchant panel. Set this one there:",
};

/**
 * Every connector the service ships, and every key of their configurations, in words (the keys themselves
 * are the connectors' own names, posted as config.<key>). The names are keyed by the registry's: a connector
 * without its words fails the type check here and in tr; connector-words.test.ts checks the configuration keys.
 */
export const connectors = {
  names: wordMap<Record<ConnectorName, string>>({
    "sandbox-card": "Sandbox acquirer (test cards, 3-D Secure)",
    "est-v3": "EST 3D Pay Hosting (Payten/Asseco)",
    iyzico: "iyzico Checkout Form",
    garanti: "Garanti BBVA virtual POS (common payment page)",
    nowpayments: "NOWPayments (crypto payments and payouts)",
    "http-partner": "HTTP partner protocol (signed JSON)",
    paytr: "PayTR iFrame API (PayTR's payment page)",
    papara: "Papara (wallet payments and mass payments)",
    "akbank-pos": "Akbank virtual POS (Akbank's payment page)",
    payfor: "QNB Finansbank PayFor (the bank's payment page)",
    interpos: "Denizbank InterVPOS (the bank's payment page)",
    "payflex-cp": "PayFlex Common Payment (VakıfBank, Ziraat, İşbank payment page)",
  }),
  fields: wordMap({
    merchantId: "Merchant ID",
    storeKey: "Store key (3-D Secure)",
    endpoint: "Acquirer address (empty: the built-in sandbox)",
    clientId: "Client ID (store number)",
    username: "API user name",
    password: "Password",
    gatewayUrl: "Payment page address (3-D)",
    apiUrl: "API address",
    lang: "Payment page language",
    timeoutMs: "Time limit per call (milliseconds)",
    reportCallsPerSecond: "Reconciliation: order queries per second",
    apiKey: "API key",
    secretKey: "Secret key",
    baseUrl: "Partner's address",
    terminalId: "Terminal ID",
    userId: "Provision user",
    refundUserId: "Refund user",
    refundPassword: "Refund user's password",
    mode: "Mode (the bank's test or live host)",
    companyName: "Company name on the payment page",
    acceptHalf3D: "Accept half 3-D Secure",
    ipnSecret: "IPN secret (signs notifications)",
    email: "Account email (for payouts)",
    twoFactorSecret: "Account's two-factor secret (for payouts)",
    sandboxCase: "Sandbox case (sandbox host only)",
    secret: "Shared secret (signs messages)",
    merchantKey: "Merchant key (merchant_key)",
    merchantSalt: "Merchant salt (merchant_salt)",
    testMode: "Test mode",
    merchantSecretKey: "Merchant secret key (signs notifications)",
    mbrId: "Institution code (MbrId: 5 QNB Finansbank, 12 Ziraat Katılım)",
    vposApiUrl: "Virtual POS transaction address (voids and refunds)",
    queryUrl: "Virtual POS search address (status and reconciliation)",
    clientIp: "This service's IP address, as registered at the bank",
  }),
};

export type AcquirerMessages = typeof acquirers;
export type ConnectorMessages = typeof connectors;
