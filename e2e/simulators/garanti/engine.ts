import { randomBytes } from "node:crypto";
import { decodeCharset, splitForm } from "../est-v3/wire";
import { cardFormPage, closedTabPage, errorPage, returnPage } from "./pages";
import { approvedSale, retrefNum, today, type BankOrder, type Controls, type Terminal } from "./state";
import { formHash, returnHash } from "./wire";

/**
 * GVP's 3-D engine (POST /servlet/gt3dengine) with secure3dsecuritylevel 3D_OOS_PAY, the common payment page:
 * checks the merchant's signed form, hosts the card form, plays the issuer's 3-D Secure and the provision,
 * and posts the outcome back to successurl (approved) or errorurl.
 *
 * Test cards: 4282 2090 0434 8015 (Garanti's published test card) approves with full 3-D Secure;
 * 4546 7112 3456 7894 is declined for insufficient funds (51); 5400 0000 0000 000N plays mdStatus N:
 * 0 fails 3-D Secure, 2-4 are half 3-D Secure and approved (the bank charges), 5-9 are 3-D errors whose
 * return GVP sends unsigned; an expiry in the past gives 54; any other number 05.
 */
export const CARDS = {
  approve: "4282209004348015",
  insufficientFunds: "4546711234567894",
  threeDFailed: "5400000000000000",
  mdStatus: (n: number) => `540000000000000${n}`,
} as const;

export const HASH_PARAMS = "clientid:oid:authcode:procreturncode:response:mdstatus:cavv:eci:md:rnd:";

type Session = { terminal: Terminal; fields: [string, string][]; get(name: string): string };
export type EngineWorld = {
  terminals: Map<string, Terminal>;
  sessions: Map<string, Session>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  returns: { action: string; fields: [string, string][] }[];
};
type Page = { status: number; html: string };

const CURRENCIES = new Set(["949", "840", "978", "826"]);

export function openEngine(world: EngineWorld, rawBody: string, payPath: string): Page {
  const fields: [string, string][] = splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "utf-8")]);
  const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? "";
  const lang = get("lang") === "en" ? "en" : "tr";
  const fail = (message: string) => ({ status: 200, html: errorPage(lang, message) });
  const terminal = world.terminals.get(get("terminalid"));
  if (!terminal || terminal.merchantId !== get("terminalmerchantid"))
    return fail("Geçersiz terminal / Unknown terminal or merchant");
  if (get("mode") !== "TEST") return fail("Test ortamında mode TEST olmalı / mode must be TEST on the test host");
  if (get("apiversion") !== "512") return fail("apiversion 512 bekleniyor / apiversion 512 expected");
  if (get("secure3dsecuritylevel") !== "3D_OOS_PAY")
    return fail("Desteklenmeyen güvenlik seviyesi / Unsupported secure3dsecuritylevel");
  const password = terminal.users[get("terminalprovuserid")];
  if (!password || get("terminaluserid") !== get("terminalprovuserid"))
    return fail("Geçersiz kullanıcı / Unknown provision user");
  if (formHash(get, terminal.storeKey, password) !== get("secure3dhash").toUpperCase())
    return fail("Hash doğrulanamadı / secure3dhash could not be verified");
  const amount = get("txnamount");
  if (
    !/^[1-9]\d{0,11}$/.test(amount) ||
    !CURRENCIES.has(get("txncurrencycode")) ||
    // GVP's samples and field list: letters and digits (no "-" or "_").
    !/^[A-Za-z0-9]{1,36}$/.test(get("orderid")) ||
    !get("successurl") ||
    !get("errorurl") ||
    get("txntype") !== "sales"
  ) {
    return fail("Eksik ya da hatalı alan / Missing or invalid field");
  }
  const session: Session = { terminal, fields, get };
  if (approvedSale(world.orders.get(`${terminal.terminalId}/${get("orderid")}`))) return alreadyUsed(world, session);
  const id = randomBytes(12).toString("hex");
  world.sessions.set(id, session);
  return {
    status: 200,
    html: cardFormPage(lang, payPath, id, {
      orderId: get("orderid"),
      amountMinor: amount,
      merchant: get("companyname") || terminal.merchantName,
    }),
  };
}

type Verdict = { mdStatus: string; code: string; errmsg: string };

function judge(pan: string, expiry: string): Verdict {
  const md = /^540000000000000(\d)$/.exec(pan)?.[1];
  if (md === "0") return { mdStatus: "0", code: "99", errmsg: "3D doğrulama başarısız" };
  if (md !== undefined && Number(md) >= 5) return { mdStatus: md, code: "99", errmsg: "Sistem Hatasi" };
  const [mm = "0", yy = "0"] = expiry.split("/");
  const now = new Date();
  const year = 2000 + Number(yy);
  const mdStatus = md ?? "1";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(mm) < now.getUTCMonth() + 1))
    return { mdStatus, code: "54", errmsg: "Kartın süresi dolmuş" };
  if (pan === CARDS.approve || md !== undefined) return { mdStatus, code: "00", errmsg: "" };
  if (pan === CARDS.insufficientFunds) return { mdStatus, code: "51", errmsg: "Yetersiz bakiye" };
  return { mdStatus, code: "05", errmsg: "Red-Onaylanmadı" };
}

export function payAtEngine(world: EngineWorld, rawBody: string): Page {
  const form = Object.fromEntries(splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "utf-8")]));
  const session = world.sessions.get(form.session ?? "");
  if (!session) return { status: 200, html: errorPage("tr", "Oturum bulunamadı / Session not found") };
  world.sessions.delete(form.session!);
  const { terminal, get } = session;
  const key = `${terminal.terminalId}/${get("orderid")}`;
  if (approvedSale(world.orders.get(key))) return alreadyUsed(world, session);
  const pan = (form.pan ?? "").replace(/\D/g, "");
  const verdict = judge(pan, (form.expiry ?? "").trim());
  const authenticated = ["1", "2", "3", "4"].includes(verdict.mdStatus);
  const approved = authenticated && verdict.code === "00";
  const hostRef = authenticated ? retrefNum() : "";
  const authCode = approved ? String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)) : "";
  if (authenticated) {
    const order = world.orders.get(key) ?? {
      terminalId: terminal.terminalId,
      orderId: get("orderid"),
      txns: [],
      mdStatus: verdict.mdStatus,
    };
    order.mdStatus = verdict.mdStatus;
    order.txns.push({
      type: "sales",
      status: approved ? "00" : "01",
      returnCode: verdict.code,
      amountMinor: BigInt(get("txnamount")),
      currencyCode: get("txncurrencycode"),
      retrefNum: hostRef,
      authCode,
      authDate: today(),
      voidDate: "",
      settled: false,
      at: new Date(),
    });
    world.orders.set(key, order);
  }
  const md = verdict.mdStatus;
  const eci = md === "1" ? "02" : authenticated ? "01" : "";
  return carryBack(world, session, approved, md !== "0" && !authenticated ? null : HASH_PARAMS, [
    ["mdstatus", md],
    ["mderrormessage", md === "1" ? "Authenticated" : authenticated ? "Attempted / half 3-D Secure" : verdict.errmsg],
    ["txnstatus", md === "1" ? "Y" : authenticated ? "A" : "N"],
    ["eci", eci],
    ["cavv", authenticated ? randomBytes(20).toString("base64") : ""],
    ["md", randomBytes(48).toString("base64")],
    ["xid", randomBytes(20).toString("base64")],
    ["clientid", terminal.terminalId],
    ["oid", get("orderid")],
    ["authcode", authCode],
    ["response", approved ? "Approved" : authenticated ? "Declined" : "Error"],
    ["errmsg", verdict.errmsg],
    ["hostmsg", ""],
    ["procreturncode", verdict.code],
    ["transid", get("orderid")],
    ["hostrefnum", hostRef],
    ["rnd", randomBytes(10).toString("base64").slice(0, 20)],
    ["MaskedPan", `${pan.slice(0, 6)}***${pan.slice(-4)}`],
  ]);
}

/** An order id that already has an approved sale: refused by the engine itself, before any card step (no mdstatus). */
function alreadyUsed(world: EngineWorld, session: Session): Page {
  return carryBack(world, session, false, HASH_PARAMS, [
    ["clientid", session.terminal.terminalId],
    ["oid", session.get("orderid")],
    ["response", "Error"],
    ["procreturncode", "99"],
    ["errmsg", "Sipariş numarası daha önce kullanılmış (order id already used)"],
    ["rnd", randomBytes(10).toString("base64").slice(0, 20)],
  ]);
}

/**
 * The request's fields echoed with the outcome, as GVP posts them back; signed (hashparams, hashparamsval,
 * hash) unless `hashParams` is null: GVP leaves the hash out when its 3-D step itself errs.
 */
function carryBack(
  world: EngineWorld,
  session: Session,
  approved: boolean,
  hashParams: string | null,
  outcome: [string, string][],
): Page {
  const lang = session.get("lang") === "en" ? "en" : "tr";
  const fields: [string, string][] = [...outcome, ...session.fields];
  if (hashParams) {
    const { hash, values } = returnHash(fields, hashParams, session.terminal.storeKey);
    fields.push(["hashparams", hashParams], ["hashparamsval", values], ["hash", hash]);
  }
  const action = approved ? session.get("successurl") : session.get("errorurl");
  world.returns.push({ action, fields });
  if (world.controls.dropReturns) return { status: 200, html: closedTabPage(lang) };
  return { status: 200, html: returnPage(lang, action, fields) };
}
