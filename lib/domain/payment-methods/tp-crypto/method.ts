import { thirdPartyMethod } from "../third-party-rules";

/** Third-party crypto (method 5): deposits and withdrawals through a chosen crypto gateway. */
export const TP_CRYPTO = thirdPartyMethod({
  kind: "crypto",
  shape: "crypto",
  label: "Third-party crypto",
  prefixes: { deposit: "TPCD", withdrawal: "TPCW" },
});
