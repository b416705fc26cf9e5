import { thirdPartyMethod } from "../third-party-rules";

/** Third-party wallet (method 6): deposits and withdrawals through a chosen wallet gateway. */
export const TP_WALLET = thirdPartyMethod("wallet", "WALLET", "Third-party wallet", {
  deposit: "TPWD",
  withdrawal: "TPWW",
});
