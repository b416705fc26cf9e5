import { thirdPartyMethod } from "../third-party-rules";

/** Third-party bank (method 4): deposits and withdrawals through a chosen bank gateway. */
export const TP_BANK = thirdPartyMethod("bank", "BANK", "Third-party bank", { deposit: "TPBD", withdrawal: "TPBW" });
