import { randomBytes } from "node:crypto";
import { closedTabPage, cardFormPage, errorPage, returnPage } from "./pages";
import {
  bankId,
  decimalToMinor,
  estDate,
  historyTime,
  type BankOrder,
  type Controls,
  type GateSession,
  type Store,
} from "./state";
import { decodeCharset, encodeLatin5, splitForm, ver3Hash } from "./wire";

/**
 * The 3-D gate (POST /fim/est3Dgate) in the 3D_PAY_HOSTING model: checks the merchant's signed form, hosts
 * the card form, plays the issuer's 3-D Secure and the authorisation, and posts the signed outcome back.
 * Test cards: 4355 0843 5508 4358 approves; 4546 7112 3456 7894 is declined for insufficient funds (51);
 * 5406 6754 0667 5403 fails 3-D Secure (mdStatus 0); an expiry in the past gives 54; any other number 05.
 * The issuer's 3-D verdict can be set for the next payments (`controls.mdStatus`): 2-4 is half 3-D Secure,
 * which the bank still authorises (the card then decides), 0 and 5-9 end before any authorisation.
 */
export const CARDS = {
  approve: "4355084355084358",
  insufficientFunds: "4546711234567894",
  threeDFailed: "5406675406675403",
} as const;

export type GateWorld = {
  stores: Map<string, Store>;
  sessions: Map<string, GateSession>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  returns: { action: string; fields: [string, string][] }[];
};

type Page = { status: number; html: string };

export function openGate(world: GateWorld, rawBody: string): Page {
  const raw = splitForm(rawBody);
  const charset = raw.find(([n]) => n.toLowerCase() === "encoding")?.[1].toString("latin1") || "ISO-8859-9";
  const fields: [string, string][] = raw.map(([n, v]) => [n, decodeCharset(v, charset)]);
  const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? "";
  const lang = get("lang") === "en" ? "en" : "tr";
  const store = world.stores.get(get("clientid"));
  if (!store) return { status: 200, html: errorPage(lang, "Geçersiz üye işyeri / Unknown merchant (clientid)") };
  if (get("hashAlgorithm") !== "ver3")
    return { status: 200, html: errorPage(lang, "hashAlgorithm ver3 bekleniyor / ver3 expected") };
  if (ver3Hash(raw, store.storeKey) !== get("hash"))
    return { status: 200, html: errorPage(lang, "Hash doğrulanamadı / Hash could not be verified") };
  if (get("storetype").toLowerCase() !== "3d_pay_hosting")
    return { status: 200, html: errorPage(lang, "Desteklenmeyen storetype / Unsupported storetype") };
  if (
    !/^\d{1,15}\.\d{2}$/.test(get("amount")) ||
    !get("oid") ||
    !get("okUrl") ||
    !get("failUrl") ||
    get("currency") !== "949"
  ) {
    return { status: 200, html: errorPage(lang, "Eksik ya da hatalı alan / Missing or invalid field") };
  }
  const gateSession: GateSession = { store, fields, get };
  if (world.orders.get(`${store.clientId}/${get("oid")}`)?.state === "A") return alreadyUsed(world, gateSession);
  const session = randomBytes(12).toString("hex");
  world.sessions.set(session, gateSession);
  return {
    status: 200,
    html: cardFormPage(lang, session, { oid: get("oid"), amount: get("amount"), merchant: store.merchantName }),
  };
}

type Verdict = { mdStatus: string; procReturnCode: string; errMsg: string };

/** mdStatus 1 is full 3-D Secure, 2-4 half (the bank still authorises: no liability shift), others no authorisation. */
const authorises = (mdStatus: string) => ["1", "2", "3", "4"].includes(mdStatus);

const MD_ERRORS: Record<string, string> = {
  "1": "Authenticated",
  "2": "Card not enrolled (half 3-D)",
  "3": "Issuer not enrolled (half 3-D)",
  "4": "Attempt (half 3-D)",
  "0": "N-status/Not authenticated",
  "5": "Verification unavailable",
  "6": "3-D Secure error",
  "7": "System error",
  "8": "Unknown card",
  "9": "Not a 3-D member",
};

function judge(pan: string, expiry: string, forcedMdStatus: string | null): Verdict {
  const mdStatus = pan === CARDS.threeDFailed ? "0" : (forcedMdStatus ?? "1");
  if (!authorises(mdStatus)) return { mdStatus, procReturnCode: "", errMsg: "3D Secure Authorize Error" };
  const [mm = "0", yy = "0"] = expiry.split("/");
  const now = new Date();
  const expired =
    2000 + Number(yy) < now.getUTCFullYear() ||
    (2000 + Number(yy) === now.getUTCFullYear() && Number(mm) < now.getUTCMonth() + 1);
  if (expired) return { mdStatus, procReturnCode: "54", errMsg: "Süresi dolmuş kart" };
  if (pan === CARDS.approve) return { mdStatus, procReturnCode: "00", errMsg: "" };
  if (pan === CARDS.insufficientFunds) return { mdStatus, procReturnCode: "51", errMsg: "Yetersiz bakiye" };
  return { mdStatus, procReturnCode: "05", errMsg: "Red-Onaylanmadı" };
}

export function payAtGate(world: GateWorld, rawBody: string): Page {
  const form = Object.fromEntries(splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "iso-8859-9")]));
  const session = world.sessions.get(form.session ?? "");
  if (!session) return { status: 200, html: errorPage("tr", "Oturum bulunamadı / Session not found") };
  world.sessions.delete(form.session!);
  const get = session.get;
  const pan = (form.pan ?? "").replace(/\D/g, "");
  if (world.orders.get(`${session.store.clientId}/${get("oid")}`)?.state === "A") return alreadyUsed(world, session);
  const verdict = judge(pan, (form.expiry ?? "").trim(), world.controls.mdStatus);
  const approved = verdict.procReturnCode === "00";
  const authorised = authorises(verdict.mdStatus);
  const transId = authorised ? bankId("T") : "";
  const authCode = approved ? `P${randomBytes(3).toString("hex").toUpperCase().slice(0, 5)}` : "";
  const hostRefNum = transId ? String(Date.now()).slice(-12) : "";
  const masked = `${pan.slice(0, 4)} ${pan.slice(4, 6)}** **** ${pan.slice(-4)}`;
  if (authorised) {
    world.orders.set(`${session.store.clientId}/${get("oid")}`, {
      clientId: session.store.clientId,
      oid: get("oid"),
      amountMinor: decimalToMinor(get("amount")) ?? 0n,
      currency: get("currency"),
      state: approved ? "A" : "D",
      procReturnCode: verdict.procReturnCode,
      transId,
      authCode,
      hostRefNum,
      maskedPan: masked,
      authAt: historyTime(),
      voidAt: "",
      refundedMinor: 0n,
      mdStatus: verdict.mdStatus,
      credits: [],
    });
  }
  return signedReturn(world, session, approved, [
    ["ReturnOid", get("oid")],
    ["mdStatus", verdict.mdStatus],
    ["mdErrorMsg", MD_ERRORS[verdict.mdStatus] ?? "Not authenticated"],
    ["Response", approved ? "Approved" : authorised ? "Declined" : "Error"],
    ["ProcReturnCode", verdict.procReturnCode],
    ["AuthCode", authCode],
    ["TransId", transId],
    ["HostRefNum", hostRefNum],
    ["ErrMsg", verdict.errMsg],
    ["maskedCreditCard", masked],
    ["MaskedPan", `${pan.slice(0, 6)}***${pan.slice(-4)}`],
    ["EXTRA_TRXDATE", estDate()],
    ["merchantName", session.store.merchantName],
    ["txstatus", verdict.mdStatus === "1" ? "Y" : authorised ? "A" : "N"],
    ["eci", verdict.mdStatus === "1" ? "05" : authorised ? "06" : ""],
    ["cavv", authorised ? randomBytes(20).toString("base64") : ""],
    ["xid", randomBytes(20).toString("base64")],
  ]);
}

/** An order id that already has a sale: refused by the gate itself, before any card or 3-D step (no mdStatus). */
function alreadyUsed(world: GateWorld, session: GateSession): Page {
  return signedReturn(world, session, false, [
    ["ReturnOid", session.get("oid")],
    ["Response", "Error"],
    ["ProcReturnCode", "99"],
    ["ErrMsg", "Sipariş numarası daha önce kullanılmış (order id already used)"],
    ["merchantName", session.store.merchantName],
  ]);
}

/** The request's fields echoed with the outcome, signed over the ISO-8859-9 bytes the browser will post back. */
function signedReturn(
  world: GateWorld,
  session: GateSession,
  approved: boolean,
  outcomeFields: [string, string][],
): Page {
  const lang = session.get("lang") === "en" ? "en" : "tr";
  const echoed = session.fields.filter(([n]) => !["hash", "encoding"].includes(n.toLowerCase()));
  const outcome: [string, string][] = [...echoed, ...outcomeFields, ["encoding", "ISO-8859-9"]];
  outcome.push([
    "HASH",
    ver3Hash(
      outcome.map(([n, v]) => [n, encodeLatin5(v)]),
      session.store.storeKey,
    ),
  ]);
  const action = approved ? session.get("okUrl") : session.get("failUrl");
  world.returns.push({ action, fields: outcome });
  if (world.controls.dropReturns) return { status: 200, html: closedTabPage(lang) };
  return { status: 200, html: returnPage(lang, action, outcome) };
}
