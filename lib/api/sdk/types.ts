import type { Req, ThirdPartyKind } from "./endpoints";

export type { ThirdPartyKind } from "./endpoints";

/** Request bodies as the endpoints' contracts validate them; amounts are typed as what a client sends. */
type WithAmount<T, A> = Omit<T, "amount"> & { amount: A };

export type DepositBody = WithAmount<Req<"startManualDeposit">, number>;
export type WithdrawalBody = WithAmount<Req<"startManualWithdrawal">, number>;
export type CardPaymentBody = WithAmount<Req<"startCardPayment">, number>;
export type ThirdPartyDepositBody = WithAmount<Req<"startBankDeposit">, number>;
export type ThirdPartyWithdrawalBody<K extends ThirdPartyKind> = WithAmount<
  Req<`start${Capitalize<K>}Withdrawal`>,
  number
>;

export type DealerDepositBody = WithAmount<Req<"startDealerDeposit">, number | string>;
export type DealerWithdrawalBody = WithAmount<Req<"startDealerWithdrawal">, number | string>;
export type SendMoneyBody = WithAmount<Req<"sendMoney">, number | string>;
export type DealerCardPaymentBody = WithAmount<Req<"startDealerCardPayment">, number | string>;
export type TransactionsQuery = Req<"listEibanTransactions">;
export type TransactionListBody = Req<"listTransactions">;
export type DealerTransactionListQuery = Req<"listDealerTransactions">;
/** The balance endpoints' as_of: an ISO 8601 instant with Z or an offset (absent: now). */
export type BalanceQuery = Req<"getBalance">;
