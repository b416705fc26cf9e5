export type CardBehaviour = {
  outcome: "challenge" | "declined" | "silent";
  errorCode?: string;
  errorMessage?: string;
  challengeFails?: boolean;
  brand: string;
};

/** The sandbox acquirer's test cards (shown on its card form). */
export const TEST_CARDS: Record<string, CardBehaviour & { label: string }> = {
  "4242424242424242": { label: "Approved after 3-D Secure", outcome: "challenge", brand: "VISA" },
  "5555555555554444": { label: "Approved after 3-D Secure", outcome: "challenge", brand: "MASTERCARD" },
  "4000000000009995": {
    label: "Declined: insufficient funds",
    outcome: "declined",
    errorCode: "INSUFFICIENT_FUNDS",
    errorMessage: "Insufficient funds",
    brand: "VISA",
  },
  "4000000000000002": {
    label: "Declined by the issuer",
    outcome: "declined",
    errorCode: "CARD_DECLINED",
    errorMessage: "The card was declined",
    brand: "VISA",
  },
  "4000000000003220": { label: "3-D Secure fails", outcome: "challenge", challengeFails: true, brand: "VISA" },
  "4000000000000119": { label: "Never answers", outcome: "silent", brand: "VISA" },
};

export const SANDBOX_OTP = "123456";

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
