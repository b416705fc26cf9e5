import { thirdPartyMethod } from "../third-party-rules";

/** Third-party bank (method 4): deposits and withdrawals through a chosen bank gateway. */
export const TP_BANK = thirdPartyMethod({
  kind: "bank",
  shape: "bank",
  label: "Third-party bank",
  prefixes: { deposit: "TPBD", withdrawal: "TPBW" },
});
