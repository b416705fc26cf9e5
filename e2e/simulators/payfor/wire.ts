import { createHash } from "node:crypto";

/**
 * The bank side's wire helpers, written apart from the connector's on purpose (a shared bug would agree with
 * itself): PayFor's hashes as QNB's PayFor script samples compute them (Base64 of the binary SHA-1, or SHA-256 for
 * the returns PayFor now signs with it), and the PayforRequest / PayforResponse / TxnHistoryReport XML.
 */
const digest = (algorithm: "sha1" | "sha256", text: string) =>
  createHash(algorithm).update(Buffer.from(text, "utf8")).digest().toString("base64");

/** The 3-D form's Hash: MbrId OrderId PurchAmount OkUrl FailUrl TxnType InstallmentCount Rnd MerchantPass. */
export function formHash(get: (name: string) => string, merchantPass: string): string {
  const parts = ["MbrId", "OrderId", "PurchAmount", "OkUrl", "FailUrl", "TxnType", "InstallmentCount", "Rnd"].map(get);
  return digest("sha1", parts.join("") + merchantPass);
}

/** The return's ResponseHash: MerchantID MerchantPass OrderId AuthCode ProcReturnCode 3DStatus ResponseRnd UserCode. */
export function responseHash(
  get: (name: string) => string,
  merchant: { merchantId: string; storeKey: string; username: string },
  algorithm: "sha1" | "sha256",
): string {
  const text =
    merchant.merchantId +
    merchant.storeKey +
    ["OrderId", "AuthCode", "ProcReturnCode", "3DStatus", "ResponseRnd"].map(get).join("") +
    merchant.username;
  return digest(algorithm, text);
}

const escape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const unescape = (value: string) =>
  value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** A PayforRequest's fields; null when the body is not one. */
export function readRequest(xml: string): Map<string, string> | null {
  const body = /<PayforRequest>([\s\S]*)<\/PayforRequest>/.exec(xml)?.[1];
  if (body === undefined) return null;
  const fields = new Map<string, string>();
  for (const m of body.matchAll(/<([A-Za-z0-9_]+)>([^<]*)<\/\1>|<([A-Za-z0-9_]+)\s*\/>/g))
    fields.set(m[1] ?? m[3]!, unescape(m[2] ?? ""));
  return fields;
}

/** Fields as elements, PayFor's way: an empty value as a self-closed tag. */
export function elements(fields: [string, string][], indent = ""): string {
  return fields.map(([n, v]) => (v === "" ? `${indent}<${n} />` : `${indent}<${n}>${escape(v)}</${n}>`)).join("\r\n");
}

export function payforResponse(fields: [string, string][]): string {
  return `<?xml version="1.0" encoding="utf-8"?>\r\n<PayforResponse>\r\n${elements(fields)}\r\n</PayforResponse>`;
}

/** A TxnHistoryReport of PaymentRequests, each with its ExtraParameters. */
export function historyReport(records: { fields: [string, string][]; extra: [string, string][] }[]): string {
  const items = records
    .map(
      (r) =>
        `  <PaymentRequestExtended>\r\n    <PaymentRequest xmlns="http://ocean.smartway.com/">\r\n${elements(r.fields, "      ")}\r\n    </PaymentRequest>\r\n` +
        `    <ExtraParameters xmlns="http://ocean.smartway.com/">\r\n${r.extra
          .map(
            ([n, v]) =>
              `      <ArrayOfString>\r\n        <string>${escape(n)}</string>\r\n        ${v === "" ? "<string />" : `<string>${escape(v)}</string>`}\r\n      </ArrayOfString>`,
          )
          .join(
            "\r\n",
          )}\r\n    </ExtraParameters>\r\n    <IsOnUsCard>false</IsOnUsCard>\r\n  </PaymentRequestExtended>`,
    )
    .join("\r\n");
  return (
    `<?xml version="1.0" encoding="utf-8"?>\r\n<TxnHistoryReport xsi:noNamespaceSchemaLocation="TxnHistoryReport.xsd" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\r\n${items}\r\n</TxnHistoryReport>`
  );
}
