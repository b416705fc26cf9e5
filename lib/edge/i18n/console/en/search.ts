/** The search page: what the header's search box found, by kind. */
export const search = {
  heading: "Search",
  resultsFor: (q: string) => `Results for “${q}”`,
  nothing: (q: string) =>
    `Nothing you can see matches “${q}”. Try a tracking code or a part of one, an order id, a gateway's or ` +
    "bank's reference, an IBAN, or a customer's, dealer's, provider's or site's name.",
  tooShort: "Type at least two characters.",
  transactions: "Transactions",
  allTransactions: (count: string) => `All ${count} in the transactions list`,
  dealers: "Dealers",
  providers: "Providers",
  sites: "Sites",
  siteOf: (dealer: string, provider: string) => `Dealer ${dealer} · provider ${provider}`,
  siteTransactions: "Its transactions",
  transfer: "Bank transfer",
  transferOf: (id: string) => `Transfer ${id}, sent from an E-IBAN wallet (it has no transaction of its own).`,
  wallet: "E-IBAN wallet",
  walletOf: (id: string, iban: string) => `Wallet ${id} · ${iban}`,
  openWallets: "E-IBAN wallets",
};

export type SearchMessages = typeof search;
