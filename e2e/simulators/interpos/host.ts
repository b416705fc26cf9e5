import { randomBytes } from "node:crypto";
import { decodeCharset, splitForm } from "../est-v3/wire";
import { cardFormPage, closedTabPage, errorPage, returnPage, type Lang } from "./pages";
import { bankDate, dotDecimalToMinor, transId, turkishMinor, type BankOrder, type Controls, type Shop } from "./state";
import { HASH_PARAMS, merchantFormHash, signReturn } from "./wire";

/**
 * 3DHost.aspx (SecureType 3DHost): checks the merchant's signed form, hosts the card form, plays the issuer's 3-D
 * Secure and the authorisation (TxnType Auth), and posts the signed outcome to OkUrl (approved) or FailUrl.
 * Test cards: 4090 7000 9084 0057 approves; 4090 7001 0117 4272 is declined for insufficient funds (51);
 * 5400 6100 0000 0430 fails 3-D Secure (mdStatus 0); any other number 05. The issuer's 3-D verdict can be set for the
 * next payments (`controls.mdStatus`): 2-4 is half 3-D, which the bank still authorises; 0 ends before it.
 */
export const CARDS = {
  approve: "4090700090840057",
  insufficientFunds: "4090700101174272",
  threeDFailed: "5400610000000430",
} as const;

export type Session = { shop: Shop; get(name: string): string };

export type HostWorld = {
  shops: Map<string, Shop>;
  sessions: Map<string, Session>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  returns: { action: string; fields: [string, string][] }[];
};

type Page = { status: number; html: string };

export function openHost(world: HostWorld, rawBody: string): Page {
  const fields = splitForm(rawBody).map(([n, v]): [string, string] => [n, decodeCharset(v, "utf-8")]);
  const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? "";
  const lang: Lang = get("Lang").toLowerCase() === "en" ? "en" : "tr";
  const shop = world.shops.get(get("ShopCode"));
  if (!shop) return { status: 200, html: errorPage(lang, "Geçersiz işyeri / Unknown shop (ShopCode)") };
  if (merchantFormHash(get, shop.storeKey) !== get("Hash"))
    return { status: 200, html: errorPage(lang, "Hash doğrulanamadı / Hash could not be verified") };
  if (get("SecureType") !== "3DHost" || get("TxnType") !== "Auth")
    return { status: 200, html: errorPage(lang, "Desteklenmeyen işlem / Unsupported SecureType or TxnType") };
  if (
    dotDecimalToMinor(get("PurchAmount")) === null ||
    !/^[A-Za-z0-9]{1,20}$/.test(get("OrderId")) ||
    !get("OkUrl") ||
    !get("FailUrl") ||
    !get("Rnd") ||
    get("Currency") !== "949"
  )
    return { status: 200, html: errorPage(lang, "Eksik ya da hatalı alan / Missing or invalid field") };
  const session: Session = { shop, get };
  if (isSold(world, session)) return alreadyUsed(world, session);
  const id = randomBytes(12).toString("hex");
  world.sessions.set(id, session);
  return {
    status: 200,
    html: cardFormPage(lang, id, { orderId: get("OrderId"), amount: get("PurchAmount"), shop: shop.name }),
  };
}

const isSold = (world: HostWorld, s: Session) =>
  ["C", "S", "V"].includes(world.orders.get(`${s.shop.shopCode}/${s.get("OrderId")}`)?.txnStatus ?? "");

const authorises = (mdStatus: string) => ["1", "2", "3", "4"].includes(mdStatus);

function judge(pan: string, forced: string | null): { mdStatus: string; code: string; message: string } {
  const mdStatus = pan === CARDS.threeDFailed ? "0" : (forced ?? "1");
  if (!authorises(mdStatus)) return { mdStatus, code: "", message: "3D doğrulama başarısız" };
  if (pan === CARDS.approve) return { mdStatus, code: "00", message: "" };
  if (pan === CARDS.insufficientFunds) return { mdStatus, code: "51", message: "Yetersiz bakiye" };
  return { mdStatus, code: "05", message: "Red-Onaylanmadı" };
}

export function payAtHost(world: HostWorld, rawBody: string): Page {
  const form = Object.fromEntries(splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "utf-8")]));
  const session = world.sessions.get(form.session ?? "");
  if (!session) return { status: 200, html: errorPage("tr", "Oturum bulunamadı / Session not found") };
  world.sessions.delete(form.session!);
  if (isSold(world, session)) return alreadyUsed(world, session);
  const get = session.get;
  const pan = (form.Pan ?? "").replace(/\D/g, "");
  const verdict = judge(pan, world.controls.mdStatus);
  const approved = verdict.code === "00";
  const authorised = authorises(verdict.mdStatus);
  const id = authorised ? transId() : "";
  const authCode = approved ? randomBytes(3).toString("hex").toUpperCase() : "";
  const amountMinor = dotDecimalToMinor(get("PurchAmount"))!;
  const trxDate = authorised ? bankDate() : "";
  if (authorised)
    world.orders.set(`${session.shop.shopCode}/${get("OrderId")}`, {
      shopCode: session.shop.shopCode,
      orderId: get("OrderId"),
      amountMinor,
      currency: get("Currency"),
      txnStatus: approved ? "C" : "D",
      procReturnCode: verdict.code,
      transId: id,
      authCode,
      trxDate,
      voidDate: "",
      refundedMinor: 0n,
      mdStatus: verdict.mdStatus,
      givenBack: [],
    });
  const txnStat = verdict.mdStatus === "1" ? "Y" : authorised ? "A" : "N";
  return signedReturn(world, session, approved, {
    TxnStat: txnStat,
    MD: authorised ? randomBytes(16).toString("base64") : "",
    Eci: verdict.mdStatus === "1" ? "02" : authorised ? "01" : "",
    PayerAuthenticationCode: authorised ? randomBytes(20).toString("base64") : "",
    PAResVerified: authorised ? "True" : "False",
    PAResSyntaxOK: authorised ? "True" : "False",
    Pan: `${pan.slice(0, 6)}******${pan.slice(-4)}`,
    "3DStatus": verdict.mdStatus,
    AuthCode: authCode,
    TransId: id,
    TRXDATE: trxDate,
    CardHolderName: form.CardHolderName ?? "",
    mdStatus: verdict.mdStatus,
    ProcReturnCode: verdict.code,
    TxnResult: approved ? "Success" : "Failed",
    ErrorMessage: verdict.message,
    ErrorCode: approved ? "" : verdict.code === "51" ? "B510001" : verdict.code ? "B050001" : "MPI0001",
    Response: approved ? "Approved" : "Declined",
  });
}

/** An order id that already has a sale: refused before any card step (no 3-D verdict). */
function alreadyUsed(world: HostWorld, session: Session): Page {
  return signedReturn(world, session, false, {
    ProcReturnCode: "99",
    TxnResult: "Failed",
    ErrorMessage: "Sipariş numarası daha önce kullanılmış",
    ErrorCode: "B990001",
    mdStatus: "",
    "3DStatus": "",
  });
}

/** The outcome in the bank's field order (mewebstudio's 3D host fixture), signed over HASHPARAMS. */
function signedReturn(world: HostWorld, session: Session, approved: boolean, outcome: Record<string, string>): Page {
  const get = session.get;
  const fields: [string, string][] = [
    ["Version", ""],
    ["MerchantID", ""],
    ["ShopCode", session.shop.shopCode],
    ["TxnStat", outcome.TxnStat ?? "N"],
    ["MD", outcome.MD ?? ""],
    ["RetCode", ""],
    ["RetDet", ""],
    ["VenderCode", ""],
    ["Eci", outcome.Eci ?? ""],
    ["PayerAuthenticationCode", outcome.PayerAuthenticationCode ?? ""],
    ["PayerTxnId", ""],
    ["CavvAlg", ""],
    ["PAResVerified", outcome.PAResVerified ?? "False"],
    ["PAResSyntaxOK", outcome.PAResSyntaxOK ?? "False"],
    ["Expiry", "****"],
    ["Pan", outcome.Pan ?? ""],
    ["OrderId", get("OrderId")],
    ["PurchAmount", turkishMinor(dotDecimalToMinor(get("PurchAmount")) ?? 0n)],
    ["Exponent", ""],
    ["Description", ""],
    ["Description2", ""],
    ["Currency", get("Currency")],
    ["OkUrl", get("OkUrl")],
    ["FailUrl", get("FailUrl")],
    ["3DStatus", outcome["3DStatus"] ?? ""],
    ["AuthCode", outcome.AuthCode ?? ""],
    ["HostRefNum", ""],
    ["TransId", outcome.TransId ?? ""],
    ["TRXDATE", outcome.TRXDATE ?? ""],
    ["CardHolderName", outcome.CardHolderName ?? ""],
    ["mdStatus", outcome.mdStatus ?? ""],
    ["ProcReturnCode", outcome.ProcReturnCode ?? ""],
    ["TxnResult", outcome.TxnResult ?? ""],
    ["ErrorMessage", outcome.ErrorMessage ?? ""],
    ["ErrorCode", outcome.ErrorCode ?? ""],
    ["Response", outcome.Response ?? ""],
  ];
  const { values, hash } = signReturn(fields, session.shop.storeKey);
  fields.push(["HASH", hash], ["HASHPARAMS", HASH_PARAMS], ["HASHPARAMSVAL", values]);
  const action = approved ? get("OkUrl") : get("FailUrl");
  world.returns.push({ action, fields });
  const lang: Lang = get("Lang").toLowerCase() === "en" ? "en" : "tr";
  if (world.controls.dropReturns) return { status: 200, html: closedTabPage(lang) };
  return { status: 200, html: returnPage(lang, action, fields) };
}
