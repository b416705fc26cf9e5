import { randomBytes } from "node:crypto";
import { decodeCharset, splitForm } from "../est-v3/wire";
import { cardFormPage, closedTabPage, errorPage, returnPage, type Lang } from "./pages";
import { approvedSale, authCode, decimalToMinor, rrn, type BankOrder, type Controls, type Terminal } from "./state";
import { formSignature, localTime, parseLocalTime, signReturn } from "./wire";

/**
 * Akbank's hosted payment page (POST /payhosting) with paymentModel 3D_PAY_HOSTING: checks the merchant's signed
 * form, hosts the card form, plays the issuer's 3-D Secure and the provision, and posts the signed outcome back to
 * okUrl (approved) or failUrl. The returns carry the fields and `hashParams` lists of mewebstudio/pos's fixtures.
 *
 * Test cards: 4355 0930 0031 5232 (Akbank's published test card) approves; 4546 7112 3456 7894 is declined for
 * insufficient funds (VPS-1005, host 51); 4000 0000 0000 0002 fails 3-D Secure (VPS-1279, no sale); an expiry in the
 * past gives host 54; any other number host 05.
 */
export const CARDS = {
  approve: "4355093000315232",
  insufficientFunds: "4546711234567894",
  threeDFailed: "4000000000000002",
} as const;

/** What an approval signs, and a provision error (mewebstudio/pos's 3D-pay / 3D-host fixtures). */
export const APPROVAL_PARAMS =
  "txnCode+responseCode+responseMessage+hostResponseCode+hostMessage+txnDateTime+merchantSafeId+terminalSafeId+orderId+cardHolderName+authCode+rrn+batchNumber+stan+additionalInstallCount+deferingMonth+ccbEarnedRewardAmount+ccbBalanceRewardAmount+ccbRewardDesc+pcbEarnedRewardAmount+pcbBalanceRewardAmount+xcbEarnedRewardAmount+xcbBalanceRewardAmount".split(
    "+",
  );
const DECLINE_PARAMS = APPROVAL_PARAMS.filter((n) => !["cardHolderName", "ccbRewardDesc"].includes(n));
/** What a failure before the provision signs (3-D failed, the order id used before, a bad request time). */
const EARLY_PARAMS = ["responseCode", "responseMessage", "orderId"];

type Session = { terminal: Terminal; get(name: string): string; lang: Lang };
export type GatewayWorld = {
  terminals: Map<string, Terminal>;
  sessions: Map<string, Session>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  returns: { action: string; fields: [string, string][] }[];
};
type Page = { status: number; html: string };

const CURRENCIES: Record<string, string> = { "949": "TRY", "840": "USD", "978": "EUR", "392": "JPY", "643": "RUB" };

export function openPayHosting(world: GatewayWorld, rawBody: string, payPath: string): Page {
  const fields = splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "utf-8")] as const);
  const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? "";
  const lang: Lang = get("lang") === "EN" ? "en" : "tr";
  const fail = (message: string) => ({ status: 200, html: errorPage(lang, message) });
  const terminal = world.terminals.get(get("terminalSafeId"));
  if (!terminal || terminal.merchantSafeId !== get("merchantSafeId"))
    return fail("Geçersiz üye işyeri / Unknown merchant or terminal");
  if (formSignature(get, terminal.secretKey) !== get("hash")) return fail("Hash doğrulanamadı / hash does not match");
  if (
    get("paymentModel") !== "3D_PAY_HOSTING" ||
    get("txnCode") !== "3000" ||
    !["TR", "EN"].includes(get("lang")) ||
    !/^[1-9]\d{0,12}\.\d{2}$|^0\.(0[1-9]|[1-9]\d)$/.test(get("amount")) ||
    !CURRENCIES[get("currencyCode")] ||
    !/^[1-9]\d?$/.test(get("installCount")) ||
    !/^[A-Za-z0-9-]{1,64}$/.test(get("orderId")) ||
    !/^[0-9A-Fa-f]{128}$/.test(get("randomNumber")) ||
    !/^https?:\/\//.test(get("okUrl")) ||
    !/^https?:\/\//.test(get("failUrl"))
  )
    return fail("Eksik ya da hatalı alan / Missing or invalid field");
  const session: Session = { terminal, get, lang };
  const sent = parseLocalTime(get("requestDateTime"));
  if (!sent || Math.abs(sent.getTime() - Date.now()) > 3600_000)
    return early(world, session, "VPS-1073", "Geçerli talep tarihi giriniz.");
  if (approvedSale(world.orders.get(`${terminal.terminalSafeId}/${get("orderId")}`)))
    return early(world, session, "VPS-1013", `Sipariş Numarası : ${get("orderId")} tekil olmalıdır`);
  const id = randomBytes(12).toString("hex");
  world.sessions.set(id, session);
  return {
    status: 200,
    html: cardFormPage(lang, payPath, id, {
      orderId: get("orderId"),
      amount: get("amount"),
      currency: CURRENCIES[get("currencyCode")]!,
      merchant: terminal.merchantName,
    }),
  };
}

type Verdict = { threeD: boolean; host: string; hostMessage: string };

function judge(pan: string, expiry: string): Verdict {
  if (pan === CARDS.threeDFailed) return { threeD: false, host: "", hostMessage: "" };
  const [mm = "0", yy = "0"] = expiry.split("/");
  const now = new Date();
  const year = 2000 + Number(yy);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(mm) < now.getUTCMonth() + 1))
    return { threeD: true, host: "54", hostMessage: "054 VADESI DOLMUS KART" };
  if (pan === CARDS.approve) return { threeD: true, host: "00", hostMessage: "" };
  if (pan === CARDS.insufficientFunds) return { threeD: true, host: "51", hostMessage: "051 YETERSIZ BAKIYE" };
  return { threeD: true, host: "05", hostMessage: "005 RED-ONAYLANMADI" };
}

export function payAtPage(world: GatewayWorld, rawBody: string): Page {
  const form = Object.fromEntries(splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "utf-8")]));
  const session = world.sessions.get(form.session ?? "");
  if (!session) return { status: 200, html: errorPage("tr", "Oturum bulunamadı / Session not found") };
  world.sessions.delete(form.session!);
  const { terminal, get } = session;
  const key = `${terminal.terminalSafeId}/${get("orderId")}`;
  if (approvedSale(world.orders.get(key)))
    return early(world, session, "VPS-1013", `Sipariş Numarası : ${get("orderId")} tekil olmalıdır`);
  const pan = (form.pan ?? "").replace(/\D/g, "");
  const verdict = judge(pan, (form.expiry ?? "").trim());
  if (!verdict.threeD) return early(world, session, "VPS-1279", "BKM 3DS Server Doğrulama Başarısız");
  const approved = verdict.host === "00";
  const code = approved ? authCode() : "000000";
  const at = new Date();
  const order = world.orders.get(key) ?? { terminalSafeId: terminal.terminalSafeId, orderId: get("orderId"), txns: [] };
  const sale = {
    txnCode: "1000" as const,
    responseCode: approved ? "VPS-0000" : "VPS-1005",
    responseMessage: approved ? "BAŞARILI" : "Provizyon Hatası",
    hostResponseCode: verdict.host,
    hostMessage: approved ? `000 ONAY KODU ${code}` : verdict.hostMessage,
    status: "N" as const,
    amountMinor: decimalToMinor(get("amount")),
    currencyCode: Number(get("currencyCode")),
    rrn: rrn(),
    authCode: code,
    orderId: get("orderId"),
    orgOrderId: get("orderId"),
    batchNumber: terminal.batchNumber,
    settled: false,
    at,
    maskedCardNumber: `${pan.slice(0, 6)}******${pan.slice(-4)}`,
  };
  order.txns.push(sale);
  world.orders.set(key, order);
  const outcome: [string, string][] = [
    ["txnCode", "1000"],
    ["responseCode", sale.responseCode],
    ["responseMessage", sale.responseMessage],
    ["hostResponseCode", sale.hostResponseCode],
    ["hostMessage", sale.hostMessage],
    ["txnDateTime", localTime(at)],
    ["merchantSafeId", terminal.merchantSafeId],
    ["terminalSafeId", terminal.terminalSafeId],
    ["cardHolderName", `${(form.holder ?? "").trim().slice(0, 2).toUpperCase()}**`],
    ["orderId", get("orderId")],
    ["authCode", sale.authCode],
    ["rrn", sale.rrn],
    ["batchNumber", String(sale.batchNumber)],
    ["stan", String(order.txns.length)],
    ["additionalInstallCount", "0"],
    ["deferingMonth", "0"],
    ["ccbEarnedRewardAmount", "0.00"],
    ["ccbBalanceRewardAmount", "0.00"],
    ["ccbRewardDesc", ""],
    ["pcbEarnedRewardAmount", "0.00"],
    ["pcbBalanceRewardAmount", "0.00"],
    ["pcbRewardDesc", ""],
    ["xcbEarnedRewardAmount", "0.00"],
    ["xcbBalanceRewardAmount", "0.00"],
    ["xcbRewardDesc", ""],
  ];
  return carryBack(world, session, approved, approved ? APPROVAL_PARAMS : DECLINE_PARAMS, outcome);
}

/** A failure before any provision: only the verdict and the order, signed over three fields. */
function early(world: GatewayWorld, session: Session, code: string, message: string): Page {
  return carryBack(world, session, false, EARLY_PARAMS, [
    ["txnCode", ""],
    ["responseCode", code],
    ["responseMessage", message],
    ["hostResponseCode", ""],
    ["hostMessage", ""],
    ["merchantSafeId", ""],
    ["terminalSafeId", ""],
    ["orderId", session.get("orderId")],
  ]);
}

function carryBack(
  world: GatewayWorld,
  session: Session,
  approved: boolean,
  hashParams: string[],
  outcome: [string, string][],
): Page {
  const fields = signReturn(outcome, hashParams, session.terminal.secretKey);
  const action = approved ? session.get("okUrl") : session.get("failUrl");
  world.returns.push({ action, fields });
  if (world.controls.dropReturns) return { status: 200, html: closedTabPage(session.lang) };
  return { status: 200, html: returnPage(session.lang, action, fields) };
}
