import { thirdPartyMethod } from "../third-party-rules";

/** Third-party crypto (method 5): deposits and withdrawals through a chosen crypto gateway. */
export const TP_CRYPTO = thirdPartyMethod("crypto", "CRYPTO", "Third-party crypto", {
  deposit: "TPCD",
  withdrawal: "TPCW",
});
