import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { contractHash } from "@/lib/api/sdk";
import { createTenant } from "../support/fixtures";
import { startAppServer, type AppServer } from "../support/test-stack";

const FIFTY_MB = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

let server: AppServer;

// A server of its own (on the suite's database) whose memory this file can read from /proc.
beforeAll(async () => {
  server = await startAppServer({ ...inject("stackEnv"), JOB_RUNNER: "off" });
});

afterAll(async () => {
  await server?.stop();
});

/** Peak and current resident memory of the server process, in MiB. */
function memory(pid: number): { peak: number; rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]);
  return { peak: kib("VmHWM") / 1024, rss: kib("VmRSS") / 1024 };
}

/**
 * Streams up to 50 MB as a chunked body (no Content-Length), respecting backpressure, and stops at the
 * first byte of an answer. Resolves with the answer and how much was written before it came.
 */
function chunkedUpload(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; json: Record<string, unknown>; written: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    let written = 0;
    let answered = false;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer after writing ${written} bytes`));
    }, 60_000);
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { ...headers, "transfer-encoding": "chunked" },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          clearTimeout(timer);
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
            written,
            headers: res.headers,
          });
        });
      },
    );
    // Writes fail with EPIPE or ECONNRESET once the server has answered and closed: expected.
    req.on("error", (error) => {
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    const pump = () => {
      while (!answered && written < FIFTY_MB) {
        written += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("request bodies are capped while they are read", () => {
  it("answers a 50 MB chunked body with 413 in the error shape, and the server's memory stays flat", async () => {
    const tenant = await createTenant();
    const headers = () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const hash = contractHash(tenant.creds.apiKey, tenant.creds.secretKey, tenant.site.credential_key, timestamp);
      return {
        "content-type": "application/json",
        "x-api-key": tenant.creds.apiKey,
        "x-timestamp": timestamp,
        "x-hash": hash,
        "x-credential-key": tenant.site.credential_key,
      };
    };
    // Warm both routes up with small bodies, so what they load once is not counted.
    for (let i = 0; i < 3; i++) {
      await fetch(`${server.baseUrl}/api/provider/start-manual-deposit`, {
        method: "POST",
        headers: headers(),
        body: "{}",
      });
      await fetch(`${server.baseUrl}/api/webhooks/bank`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
    }
    const before = memory(server.pid);

    // Reading a body whole would take 50 MB and more; the cap reads 64 KiB of it.
    const api = await chunkedUpload(`${server.baseUrl}/api/provider/start-manual-deposit`, headers());
    const afterApi = memory(server.pid);
    console.info(
      `signed API request: ${(api.written / 2 ** 20).toFixed(1)} MiB sent before the answer; server peak RSS ${before.peak.toFixed(0)} -> ${afterApi.peak.toFixed(0)} MiB`,
    );
    expect(afterApi.peak - before.peak).toBeLessThan(20);
    expect(api.status).toBe(413);
    expect(api.json).toEqual({
      success: false,
      error: "Payload too large",
      message: "The request body must not exceed 64 KiB.",
    });
    expect(api.written).toBeLessThan(FIFTY_MB);

    // A webhook reads its body before anything else (the signature is over it): capped the same way.
    const webhook = await chunkedUpload(`${server.baseUrl}/api/webhooks/bank`, { "content-type": "application/json" });
    const afterWebhook = memory(server.pid);
    console.info(
      `bank webhook: ${(webhook.written / 2 ** 20).toFixed(1)} MiB sent before the answer; server peak RSS ${afterApi.peak.toFixed(0)} -> ${afterWebhook.peak.toFixed(0)} MiB`,
    );
    expect(webhook.status).toBe(413);
    expect(webhook.json).toMatchObject({ success: false, error: "Payload too large" });
    expect(webhook.written).toBeLessThan(FIFTY_MB);
    expect(afterWebhook.peak - before.peak).toBeLessThan(20);
    // The server still serves.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });
});
