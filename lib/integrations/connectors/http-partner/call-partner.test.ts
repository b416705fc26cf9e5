import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PartnerCallError, type CallFailure } from "../ports";
import { callPartner } from "./call-partner";
import { hmacHex } from "./signature";

let url = "";
let lastSignature = "";
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    lastSignature = String(req.headers["x-gateway-signature"] ?? "");
    const status = Number(req.url!.slice(1));
    if (status === 0) return; // never answers
    res.writeHead(status, { "content-type": "application/json", ...(status === 429 ? { "retry-after": "7" } : {}) });
    res.end(
      JSON.stringify(
        status === 422
          ? { code: "CLOSED", message: "account closed" }
          : { ok: true, echo: Buffer.concat(chunks).toString() },
      ),
    );
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = (timeoutMs = 5000) => ({ baseUrl: url, secret: "0123456789abcdef-secret", timeoutMs });

async function failureOf(status: number): Promise<CallFailure> {
  try {
    await callPartner(config(status === 0 ? 300 : 5000), "x-gateway-signature", `/${status}`, { clientRef: "C-1" });
  } catch (error) {
    if (error instanceof PartnerCallError) return error.failure;
    throw error;
  }
  throw new Error(`${status} did not fail`);
}

describe("what a partner's answer means", () => {
  it("signs the exact body and returns a 2xx body", async () => {
    const body = await callPartner<{ echo: string }>(config(), "x-gateway-signature", "/200", { clientRef: "C-1" });
    expect(body.echo).toBe('{"clientRef":"C-1"}');
    expect(lastSignature).toBe(hmacHex("0123456789abcdef-secret", '{"clientRef":"C-1"}'));
  });

  it(
    "only 400 and 422 are a definite refusal; 409 is already accepted; 408, 429, 401, 404, 5xx and no answer are " +
      "sent again",
    async () => {
      expect(await failureOf(422)).toEqual({ kind: "refused", error: { code: "CLOSED", message: "account closed" } });
      expect(await failureOf(400)).toMatchObject({ kind: "refused" });
      expect(await failureOf(409)).toEqual({ kind: "duplicate" });
      expect(await failureOf(429)).toMatchObject({ kind: "retry", retryAfterMs: 7000 });
      for (const status of [408, 401, 404, 500, 503, 0])
        expect(await failureOf(status)).toMatchObject({ kind: "retry" });
    },
  );
});
