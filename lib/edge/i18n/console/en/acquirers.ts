/** The dealer's card acquirer panel (admins): its connector, configuration and test connection. */
export const acquirers = {
  heading: "Card acquirer",
  intro: "The dealer's own merchant account at its acquirer: card payments go through it. Without one, card payments are refused.",
  none: "No card acquirer is configured: card payments are refused.",
  current: (label: string) => `In use: ${label}`,
  unusable: "This connector cannot take payments here (a sandbox while the sandbox is off, or an outdated configuration).",
  connector: "Connector",
  use: (label: string) => `Use ${label}`,
  secretHint: "Write-only: leave empty to keep the stored value (after an address change, enter it again).",
  optional: "optional",
  save: "Save the acquirer",
  saved: "The card acquirer is saved.",
  test: "Test connection",
  testOk: (message: string) => `The connection works: ${message}`,
  testFailed: (message: string) => `The connection does not work: ${message}`,
  notificationUrl: "This acquirer sends its notifications to one address set in its merchant panel. Set this one there:",
};

export type AcquirerMessages = typeof acquirers;
