import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportQuery } from "../report-port";
import { sandboxCard } from "./index";
import { SANDBOX_SIGNATURE_HEADER, signBody, signListAnswer } from "./wire";

const STORE_KEY = "report-store-key-0123456789";

/** How the scripted acquirer signs its answer: for this request, not at all, with another key, for another request. */
type Signing = "ours" | "none" | "other-key" | "other-request";
let script: (request: Record<string, unknown>) => { body: unknown; sign?: Signing } = () => ({ body: {} });
const requests: { body: Record<string, unknown>; signedOk: boolean }[] = [];
let url = "";

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const raw = Buffer.concat(chunks).toString();
    const body = JSON.parse(raw) as Record<string, unknown>;
    requests.push({ body, signedOk: req.headers[SANDBOX_SIGNATURE_HEADER] === signBody(STORE_KEY, raw) });
    const answer = script(body);
    const text = JSON.stringify(answer.body);
    const sign = answer.sign ?? "ours";
    const signature =
      sign === "none"
        ? {}
        : {
            [SANDBOX_SIGNATURE_HEADER]: signListAnswer(
              sign === "other-key" ? "another-store-key-0000000" : STORE_KEY,
              sign === "other-request" ? raw.replace('"cursor":null', '"cursor":"0"') : raw,
              text,
            ),
          };
    res.writeHead(200, { "content-type": "application/json", ...signature });
    res.end(text);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = () => ({ merchantId: "M-1", storeKey: STORE_KEY, endpoint: url });
const query: ReportQuery = {
  day: "2026-12-05",
  from: new Date("2026-12-04T20:55:00Z"),
  to: new Date("2026-12-05T21:05:00Z"),
  orders: async function* () {},
};

async function records() {
  const all = [];
  for await (const page of sandboxCard.report!.pages(config(), query)) all.push(...page.records);
  return all;
}
async function failure(): Promise<unknown> {
  try {
    await records();
  } catch (error) {
    return error;
  }
  throw new Error("the list did not fail");
}

const sale = {
  type: "sale",
  orderId: "ORD-1",
  sessionId: "cs_1",
  reference: "cs_1",
  amount: "150.00",
  currency: "TRY",
  status: "approved",
  occurredAt: "2026-12-05T09:00:00.000Z",
};
const refund = { ...sale, type: "refund", reference: "rf_R-1", amount: "50.00", occurredAt: "2026-12-05T10:00:00Z" };

describe("the sandbox acquirer's list", () => {
  it("asks the merchant's Turkish day, signed, and reads sales by outcome and refunds under their sale", async () => {
    script = (body) =>
      body.cursor === null
        ? {
            body: {
              transactions: [
                sale,
                { ...sale, orderId: "ORD-2", sessionId: "cs_2", reference: "cs_2", status: "expired" },
                { ...sale, orderId: "ORD-3", sessionId: "cs_3", reference: "cs_3", status: "challenge" },
              ],
              nextCursor: "cs_3",
            },
          }
        : { body: { transactions: [refund], nextCursor: null } };
    requests.length = 0;
    const listed = await records();
    expect(requests.map((r) => r.signedOk)).toEqual([true, true]);
    expect(requests[0]!.body).toEqual({
      merchant: "M-1",
      from: "2026-12-04T23:55:00+03:00",
      to: "2026-12-06T00:05:00+03:00",
      cursor: null,
    });
    expect(requests[1]!.body.cursor).toBe("cs_3");
    expect(listed.map((r) => [r.kind, r.orderId, r.partnerReference, r.amount, r.status])).toEqual([
      ["sale", "ORD-1", "cs_1", "150.00", "succeeded"],
      ["sale", "ORD-2", "cs_2", "150.00", "failed"],
      ["sale", "ORD-3", "cs_3", "150.00", "pending"],
      ["refund", "ORD-1", "rf_R-1", "50.00", "succeeded"],
    ]);
    expect(listed[3]!.raw).toEqual(refund);
  });

  it.each(["none", "other-key", "other-request"] as const)("an answer signed %s throws", async (sign) => {
    script = () => ({ body: { transactions: [sale], nextCursor: null }, sign });
    expect(String(await failure())).toMatch(/not signed with the store key for this request/);
  });

  it("a malformed record, a refund not approved or a cursor handed back again throws", async () => {
    for (const transactions of [
      [{ ...sale, amount: "150" }],
      [{ ...refund, status: "declined" }],
      [{ ...sale, type: "void" }],
    ]) {
      script = () => ({ body: { transactions, nextCursor: null } });
      expect(await failure()).toBeInstanceOf(Error);
    }
    script = () => ({ body: { transactions: [], nextCursor: "cs_9" } });
    expect(String(await failure())).toMatch(/never end/);
  });
});
