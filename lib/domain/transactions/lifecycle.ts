/** Card payments left pending this long fail with error_code TIMEOUT (decisions §5). */
export const CARD_TIMEOUT_MS = 15 * 60 * 1000;
