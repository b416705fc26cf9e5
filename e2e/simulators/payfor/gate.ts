import { randomBytes } from "node:crypto";
import { decodeCharset, splitForm } from "../est-v3/wire";
import { cardFormPage, closedTabPage, errorPage, returnPage, type Lang } from "./pages";
import {
  approvedSale,
  dottedDatetime,
  hostRef,
  lira,
  parseLira,
  reqDate,
  requestGuid,
  type BankOrder,
  type Controls,
  type Merchant,
  type Txn,
} from "./state";
import { formHash, responseHash } from "./wire";

/**
 * PayFor's 3-D Host page (POST /Gateway/3DHost.aspx, SecureType 3DHost): checks the merchant's signed form, hosts
 * the card form, plays the issuer's 3-D Secure and the provision, and posts the whole payment request back to OkUrl
 * (approved) or FailUrl, signed with ResponseHash.
 *
 * Test cards: 4155 6501 0041 6111 (the card of QNB's PayFor test merchant) approves with full 3-D Secure;
 * 4508 0345 0803 4509 is declined for insufficient funds (51); 5400 0000 0000 000N plays 3DStatus N: 0 fails 3-D
 * Secure (MR15), 2-4 are half 3-D Secure and approved (the bank charges); an expiry in the past gives 54; any
 * other number 05.
 */
export const CARDS = {
  approve: "4155650100416111",
  insufficientFunds: "4508034508034509",
  threeDFailed: "5400000000000000",
  threeDStatus: (n: number) => `540000000000000${n}`,
} as const;

type Session = { merchant: Merchant; fields: [string, string][]; get(name: string): string; txn: Txn };
export type GateWorld = {
  merchants: Map<string, Merchant>;
  sessions: Map<string, Session>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  returns: { action: string; fields: [string, string][] }[];
};
type Page = { status: number; html: string };

const CURRENCIES = new Set(["949", "840", "978", "826", "392", "643"]);

export function openGate(world: GateWorld, rawBody: string, payPath: string): Page {
  const fields: [string, string][] = splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "utf-8")]);
  const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? "";
  const lang: Lang = get("Lang").toLowerCase() === "en" ? "en" : "tr";
  const fail = (message: string) => ({ status: 200, html: errorPage(lang, message) });
  const merchant = world.merchants.get(get("MerchantID"));
  if (!merchant || merchant.mbrId !== get("MbrId")) return fail("Geçersiz üye işyeri / Unknown merchant");
  if (get("UserCode") !== merchant.username) return fail("Geçersiz kullanıcı / Unknown user code");
  if (get("SecureType") !== "3DHost") return fail("Desteklenmeyen SecureType / Unsupported SecureType");
  if (formHash(get, merchant.storeKey) !== get("Hash")) return fail("Hash doğrulanamadı / Hash could not be verified");
  const amount = parseLira(get("PurchAmount"));
  if (
    amount === null ||
    amount === 0n ||
    !CURRENCIES.has(get("Currency")) ||
    // PayFor's sample ids are letters and digits; its forms take 50 characters.
    !/^[A-Za-z0-9]{1,50}$/.test(get("OrderId")) ||
    !get("OkUrl") ||
    !get("FailUrl") ||
    get("TxnType") !== "Auth" ||
    !/^\d{1,2}$/.test(get("InstallmentCount")) ||
    !get("Rnd")
  )
    return fail("Eksik ya da hatalı alan / Missing or invalid field");
  const key = `${merchant.merchantId}/${get("OrderId")}`;
  const order = world.orders.get(key) ?? { merchantId: merchant.merchantId, orderId: get("OrderId"), txns: [] };
  world.orders.set(key, order);
  if (approvedSale(order)) return alreadyUsed(world, merchant, fields, get);
  // PayFor records the request at once, "not completed" until the card step ends it.
  let txn = order.txns.find((t) => t.type === "Auth" && t.code === "V000");
  if (!txn) {
    txn = {
      requestGuid: requestGuid(),
      type: "Auth",
      merchantId: merchant.merchantId,
      orderId: get("OrderId"),
      orgOrderId: "",
      secureType: "3DHost",
      code: "V000",
      errMsg: "İşlem tamamlanamadı /devam ediyor",
      amountMinor: amount,
      currency: get("Currency"),
      hostRef: "",
      orgHostRef: "",
      authCode: "",
      txnStatus: "N",
      txnResult: "Failed",
      threeDStatus: "",
      voidDate: "",
      reqDate: reqDate(),
      at: new Date(),
      batchNo: world.controls.batchNo,
      batchClosed: false,
      cardMask: "",
      cardHolder: "",
      installments: get("InstallmentCount"),
    };
    order.txns.push(txn);
  }
  const id = randomBytes(12).toString("hex");
  world.sessions.set(id, { merchant, fields, get, txn });
  return {
    status: 200,
    html: cardFormPage(lang, payPath, id, { orderId: get("OrderId"), amountMinor: amount, merchant: merchant.name }),
  };
}

type Verdict = { threeD: string; code: string; errMsg: string };

function judge(pan: string, expiry: string): Verdict {
  const md = /^540000000000000(\d)$/.exec(pan)?.[1];
  if (md === "0" || (md !== undefined && Number(md) >= 5))
    return { threeD: "-1", code: "MR15", errMsg: "3D Secure Authorize Error" };
  const [mm = "0", yy = "0"] = expiry.split("/");
  const now = new Date();
  const year = 2000 + Number(yy);
  const threeD = md ?? "1";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(mm) < now.getUTCMonth() + 1))
    return { threeD, code: "54", errMsg: "Kartın süresi dolmuş" };
  if (pan === CARDS.approve || md !== undefined) return { threeD, code: "00", errMsg: "Onaylandı" };
  if (pan === CARDS.insufficientFunds) return { threeD, code: "51", errMsg: "Yetersiz bakiye" };
  return { threeD, code: "05", errMsg: "Red-Onaylanmadı" };
}

export function payAtGate(world: GateWorld, rawBody: string): Page {
  const form = Object.fromEntries(splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "utf-8")]));
  const session = world.sessions.get(form.session ?? "");
  if (!session) return { status: 200, html: errorPage("tr", "Oturum bulunamadı / Session not found") };
  world.sessions.delete(form.session!);
  const { merchant, get, txn } = session;
  if (approvedSale(world.orders.get(`${merchant.merchantId}/${get("OrderId")}`)))
    return alreadyUsed(world, merchant, session.fields, get);
  const pan = (form.pan ?? "").replace(/\D/g, "");
  const verdict = judge(pan, (form.expiry ?? "").trim());
  const approved = verdict.code === "00";
  const provisioned = verdict.threeD !== "-1";
  Object.assign(txn, {
    code: verdict.code,
    errMsg: verdict.errMsg,
    hostRef: provisioned ? hostRef() : "",
    authCode: approved ? `S${String(10000 + (randomBytes(3).readUIntBE(0, 3) % 90000))}` : "",
    txnStatus: approved ? "Y" : "N",
    txnResult: approved ? "Success" : "Failed",
    threeDStatus: verdict.threeD,
    at: new Date(),
    reqDate: reqDate(),
    batchNo: world.controls.batchNo,
    batchClosed: false,
    cardMask: `${pan.slice(0, 6)}******${pan.slice(-4)}`,
    cardHolder: (form.holder ?? "").trim(),
  } satisfies Partial<Txn>);
  const lang: Lang = get("Lang").toLowerCase() === "en" ? "en" : "tr";
  const fields: [string, string][] = [
    ["RequestGuid", txn.requestGuid],
    ["TransactionDate", dottedDatetime(txn.at)],
    ["MbrId", merchant.mbrId],
    ["MerchantID", merchant.merchantId],
    ["OrderId", txn.orderId],
    ["RequestStat", approved ? "1,2,3,10,5" : "1,2,4,5"],
    ["SecureType", "3DHost"],
    ["PurchAmount", lira(txn.amountMinor)],
    ["Exponent", "2"],
    ["Currency", txn.currency],
    ["OkUrl", get("OkUrl")],
    ["FailUrl", get("FailUrl")],
    ["Eci", verdict.threeD === "1" ? "05" : ""],
    ["MD", ""],
    ["Hash", get("Hash")],
    ["TerminalID", merchant.terminalId],
    ["TxnType", "Auth"],
    ["Lang", get("Lang")],
    ["InstallmentCount", get("InstallmentCount")],
    ["Rnd", get("Rnd")],
    ["AlphaCode", "TL"],
    ["MrcName", merchant.name],
    ["CardHolderName", txn.cardHolder],
    ["TxnStatus", txn.txnStatus],
    ["ErrMsg", verdict.errMsg],
    ["3DStatus", verdict.threeD],
    ["TxnResult", txn.txnResult],
    ["AuthCode", txn.authCode],
    ["HostRefNum", txn.hostRef],
    ["ProcReturnCode", verdict.code],
    ["BatchNo", String(txn.batchNo)],
    ["CardMask", txn.cardMask],
    ["ReqDate", txn.reqDate],
    ["RRN", txn.hostRef],
    ["ResponseRnd", `PF${Date.now()}${randomBytes(2).readUInt16BE(0)}`],
  ];
  return carryBack(world, merchant, lang, approved ? get("OkUrl") : get("FailUrl"), fields, "sha1");
}

/** An order id that already has an approved sale: refused before any card step (101310, 3DStatus -1). */
function alreadyUsed(
  world: GateWorld,
  merchant: Merchant,
  request: [string, string][],
  get: (name: string) => string,
): Page {
  const lang: Lang = get("Lang").toLowerCase() === "en" ? "en" : "tr";
  const fields: [string, string][] = [
    ...request.filter(([n]) => !["Hash"].includes(n)),
    ["TxnStatus", ""],
    ["ErrMsg", "Verilen sipariş no önceden kullanılmıştır."],
    ["3DStatus", "-1"],
    ["TxnResult", ""],
    ["AuthCode", ""],
    ["HostRefNum", ""],
    ["ProcReturnCode", "101310"],
    ["ResponseRnd", `PF${Date.now()}${randomBytes(2).readUInt16BE(0)}`],
  ];
  // PayFor signs this one with SHA-256 and names no HashType (mewebstudio/pos's order_number_already_exist).
  return carryBack(world, merchant, lang, get("FailUrl"), fields, "sha256");
}

function carryBack(
  world: GateWorld,
  merchant: Merchant,
  lang: Lang,
  action: string,
  fields: [string, string][],
  algorithm: "sha1" | "sha256",
): Page {
  const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? "";
  fields.push(["ResponseHash", responseHash(get, merchant, algorithm)]);
  if (algorithm === "sha1") fields.push(["HashType", "Sha1"]);
  world.returns.push({ action, fields });
  if (world.controls.dropReturns) return { status: 200, html: closedTabPage(lang) };
  return { status: 200, html: returnPage(lang, action, fields) };
}
