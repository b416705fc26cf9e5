/**
 * iyzico's documented sandbox test cards (docs.iyzico.com "Test Cards" / "Test Kartları"): any future expiry
 * date and any CVC. A card not listed is refused as an invalid card number, as the sandbox does.
 */
export type TestCard =
  | { outcome: "success"; refundable: boolean }
  | { outcome: "failure"; errorCode: string; errorGroup: string; errorMessage: string };

export const TEST_CARDS: Record<string, TestCard> = {
  "5528790000000008": { outcome: "success", refundable: true }, // Halkbank MasterCard credit
  "5890040000000016": { outcome: "success", refundable: true }, // Akbank MasterCard debit
  "4766620000000001": { outcome: "success", refundable: true }, // Denizbank Visa debit
  "4111111111111129": {
    outcome: "failure",
    errorCode: "10051",
    errorGroup: "NOT_SUFFICIENT_FUNDS",
    errorMessage: "Kart limiti yetersiz, yetersiz bakiye",
  },
  "4129111111111111": {
    outcome: "failure",
    errorCode: "10005",
    errorGroup: "DO_NOT_HONOUR",
    errorMessage: "İşlem onaylanmadı",
  },
  "4128111111111112": {
    outcome: "failure",
    errorCode: "10012",
    errorGroup: "INVALID_TRANSACTION",
    errorMessage: "Geçersiz işlem",
  },
  "4127111111111113": {
    outcome: "failure",
    errorCode: "10043",
    errorGroup: "LOST_CARD",
    errorMessage: "Kayıp kart, karta el koyunuz",
  },
  "4126111111111114": {
    outcome: "failure",
    errorCode: "10043",
    errorGroup: "STOLEN_CARD",
    errorMessage: "Çalıntı kart, karta el koyunuz",
  },
  "4125111111111115": {
    outcome: "failure",
    errorCode: "10054",
    errorGroup: "EXPIRED_CARD",
    errorMessage: "Vadesi dolmuş kart",
  },
  "4124111111111116": {
    outcome: "failure",
    errorCode: "10084",
    errorGroup: "INVALID_CVC2",
    errorMessage: "CVC2 bilgisi hatalı",
  },
  "4121111111111119": {
    outcome: "failure",
    errorCode: "10034",
    errorGroup: "FRAUD_SUSPECT",
    errorMessage: "Dolandırıcılık şüphesi",
  },
  // Approved, but iyzico refuses to cancel or refund it.
  "4131111111111117": { outcome: "success", refundable: false },
};

export const UNKNOWN_CARD: TestCard = {
  outcome: "failure",
  errorCode: "10215",
  errorGroup: "INVALID_CARD_NUMBER",
  errorMessage: "Geçersiz kart numarası",
};
