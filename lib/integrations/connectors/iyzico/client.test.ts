import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callIyzico } from "./client";
import { iyzicoConfigSchema } from "./config";

/** How the wrapped official client classifies what comes back, from a stub answering fixed bodies. */

let server: Server;
let answer: { status: number; type: string; body: string } = { status: 200, type: "application/json", body: "{}" };
let url = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(answer.status, { "content-type": answer.type });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = () =>
  callIyzico(
    iyzicoConfigSchema.parse({ apiKey: "k", secretKey: "s", baseUrl: url, timeoutMs: 5000 }),
    "binNumber",
    "retrieve",
    { binNumber: "552879" },
  );
const json = (status: number, body: unknown) => ({ status, type: "application/json", body: JSON.stringify(body) });

describe("callIyzico", () => {
  it("hands back iyzico's answers, success and definite failure alike", async () => {
    answer = json(200, { status: "success", binNumber: "552879" });
    await expect(call()).resolves.toMatchObject({ status: "success" });
    answer = json(200, { status: "failure", errorCode: "1001", errorMessage: "api bilgileri bulunamadı" });
    await expect(call()).resolves.toMatchObject({ status: "failure", errorCode: "1001" });
  });

  it("makes iyzico's system error, gateway pages, empty and non-iyzico bodies 'retry'", async () => {
    for (const stub of [
      json(200, { status: "failure", errorCode: "1", errorMessage: "Sistem hatası" }),
      json(500, { status: "failure", errorCode: 1 }),
      { status: 502, type: "text/html", body: "<h1>Bad Gateway</h1>" },
      { status: 429, type: "text/plain", body: "Too Many Requests" },
      { status: 200, type: "application/json", body: "" },
      json(200, { ok: true }),
    ]) {
      answer = stub;
      await expect(call()).rejects.toMatchObject({ name: "PartnerCallError", failure: { kind: "retry" } });
    }
  });
});
