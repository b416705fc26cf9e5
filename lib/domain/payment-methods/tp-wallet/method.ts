import { thirdPartyMethod } from "../third-party-rules";

/** Third-party wallet (method 6): deposits and withdrawals through a chosen wallet gateway. */
export const TP_WALLET = thirdPartyMethod({
  kind: "wallet",
  shape: "wallet",
  label: "Third-party wallet",
  prefixes: { deposit: "TPWD", withdrawal: "TPWW" },
});
