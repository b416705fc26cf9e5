/** What the verifier needs of a provider or dealer account (or of a dealer's site integration). */
export type SignedAccount = {
  /** The value of the key header that found it: the API key, or a site integration's site token. */
  apiKey: string;
  /** Current secret first; during a rotation's grace period the previous one follows. */
  secrets: string[];
  isActive: boolean;
  ipWhitelist: string[];
  /** Console switch: every request must carry a valid X-Signature. */
  requireSignedBodies: boolean;
  /** Largest amount of one create, two decimals. */
  maxTransactionAmount: string;
};
