import type { SearchMessages } from "@/lib/edge/i18n/console/en/search";

export const search: SearchMessages = {
  heading: "Arama",
  resultsFor: (q) => `“${q}” için sonuçlar`,
  nothing: (q) =>
    `Görebildikleriniz arasında “${q}” ile eşleşen bir şey yok. Bir takip kodunu ya da bir parçasını, sipariş ` +
    "numarasını, ödeme kuruluşunun veya bankanın referansını, IBAN'ı ya da müşterinin, bayinin, sağlayıcının veya " +
    "sitenin adını deneyin.",
  tooShort: "En az iki karakter yazın.",
  transactions: "İşlemler",
  allTransactions: (count) => `İşlem listesinde tümü (${count})`,
  dealers: "Bayiler",
  providers: "Sağlayıcılar",
  sites: "Siteler",
  siteOf: (dealer, provider) => `Bayi ${dealer} · sağlayıcı ${provider}`,
  siteTransactions: "İşlemleri",
  transfer: "Banka transferi",
  transferOf: (id) => `${id} numaralı transfer, bir E-IBAN cüzdanından gönderildi (kendine ait bir işlemi yok).`,
  wallet: "E-IBAN cüzdanı",
  walletOf: (id, iban) => `Cüzdan ${id} · ${iban}`,
  openWallets: "E-IBAN cüzdanları",
};
