import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { callWithSite } from "../support/provider-calls";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const IBAN = "TR330006100519786457841326";
const unique = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

/** The CLI as an operator runs it, with the environment given (asynchronous: the server keeps answering). */
function cli(env: NodeJS.ProcessEnv, ...args: string[]) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      path.join("node_modules", ".bin", "tsx"),
      ["scripts/admin.ts", ...args],
      { env },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

async function eibanWithdrawal(amount: number) {
  const t = await createTenant();
  await addFundedWallet({ dealerId: t.dealer.id, iban: ibanFromBban("TR", `00829${unique()}0`), balance: "1000.00" });
  const res = await callWithSite("/api/provider/start-eiban-withdraw", t.creds, t.site.credential_key, {
    fullname: "Ayşe Kaya",
    username: "ayse",
    user_id: "u-7",
    iban: IBAN,
    amount,
  });
  expect(res.status).toBe(200);
  return String((res.json.data as Record<string, unknown>).tracking_code);
}

describe("admin CLI transaction:approve of an E-IBAN withdrawal", { timeout: 120_000 }, () => {
  it("says 'queued for retry', not 'sent to the bank', when the bank (the server's sandbox) cannot be reached", async () => {
    const code = await eibanWithdrawal(40);
    // An operator's shell whose PUBLIC_BASE_URL names nothing that answers (the CLI on a production database needs
    // one: lib/base/config/run-mode.ts).
    const env = { ...process.env, PUBLIC_BASE_URL: "http://127.0.0.1:9", NEXTAUTH_URL: "" };
    const run = await cli(env, "transaction:approve", code);
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({ status: "queued for retry", transfer_id: expect.stringMatching(/^TRF-/) });
    expect(String(printed.message)).toContain("housekeeping sends the transfer again");
    const transfer = await prisma.transfer.findFirstOrThrow({ where: { transaction: { trackingCode: code } } });
    expect(transfer.bankReference).toBeNull();
  });

  it("says 'sent to the bank' with the bank's reference when the bank acknowledged it", async () => {
    const code = await eibanWithdrawal(30);
    const run = await cli({ ...process.env, PUBLIC_BASE_URL: baseUrl }, "transaction:approve", code);
    expect(run.status).toBe(0);
    const transfer = await prisma.transfer.findFirstOrThrow({ where: { transaction: { trackingCode: code } } });
    expect(transfer.bankReference).not.toBeNull();
    expect(JSON.parse(run.stdout)).toEqual({
      transfer_id: transfer.transferId,
      status: "sent to the bank",
      bank_reference: transfer.bankReference,
    });
  });
});

describe("admin CLI acquirer:test against a sandbox that does not answer", { timeout: 120_000 }, () => {
  it("names the address it called (a dev server on another port than the CLI assumes)", async () => {
    const t = await createTenant();
    const env = { ...process.env, PUBLIC_BASE_URL: "http://127.0.0.1:9", NEXTAUTH_URL: "" };
    const run = await cli(env, "acquirer:test", "--dealer", String(t.dealer.id));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("The sandbox acquirer at http://127.0.0.1:9 did not answer");
  });
});

// A database named by DATABASE_URL is production's unless APP_ENV=development says it is a development one.
const dev: NodeJS.ProcessEnv = { ...process.env, APP_ENV: "development" };

let demo: Promise<void> | undefined;
/** The demo tenant as `npm run dev` names it (the oldest of each name is the demo's), made once for this file. */
function demoTenant(): Promise<void> {
  demo ??= (async () => {
    const provider = JSON.parse(
      (await cli(dev, "provider:create", "--name", "Demo Provider", "--ips", "127.0.0.1,::1")).stdout,
    ) as { id: number };
    const dealer = JSON.parse(
      (await cli(dev, "dealer:create", "--name", "Demo Dealer", "--methods", "manual_iban", "--ips", "127.0.0.1,::1"))
        .stdout,
    ) as { id: number };
    await cli(
      dev,
      "site:create",
      "--provider",
      String(provider.id),
      "--dealer",
      String(dealer.id),
      "--name",
      "Demo Casino",
      "--return-url",
      "https://casino.example/cashier",
    );
  })();
  return demo;
}

/** Runs a printed command as a newcomer would paste it: through sh. */
function sh(command: string) {
  return new Promise<{ status: number; stdout: string }>((resolve) =>
    execFile("sh", ["-c", command], (error, stdout) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout }),
    ),
  );
}

describe("admin CLI demo:credentials and demo:curl", { timeout: 120_000 }, () => {
  it("prints the demo tenant's keys in development, and they sign a working request", async () => {
    await demoTenant();
    const run = await cli(dev, "demo:credentials");
    expect(run.status).toBe(0);
    const keys = JSON.parse(run.stdout) as {
      provider: Record<string, string>;
      dealer: Record<string, string>;
      site: Record<string, string>;
    };
    expect(keys.provider).toMatchObject({
      api_key: expect.any(String),
      secret_key: expect.any(String),
      verification_key: expect.any(String),
    });
    expect(keys.site.credential_key).toEqual(expect.any(String));
    expect(keys.dealer).toMatchObject({ api_key: expect.any(String), secret_key: expect.any(String) });
    const welcome = await signedRequest(baseUrl, "/api/provider/welcome", {
      apiKey: keys.provider.api_key!,
      secretKey: keys.provider.secret_key!,
    });
    expect(welcome.status).toBe(200);
  });

  it("refuses in production, printing no secret", async () => {
    const run = await cli(
      { ...process.env, NODE_ENV: "production", APP_ENV: "" } as NodeJS.ProcessEnv,
      "demo:credentials",
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("only runs in development");
  });

  it("demo:curl prints a signed call with a fresh hash as plain text, which works piped into sh", async () => {
    await demoTenant();
    const provider = await cli(dev, "demo:curl", "--url", baseUrl);
    expect(provider.status, provider.stderr).toBe(0);
    expect(provider.stdout).toMatch(/^curl -s -X POST http:\/\/\S+\/api\/provider\/welcome \\\n  -H 'Content-Type/);
    expect(provider.stdout).not.toContain('\\"');
    const welcome = await sh(provider.stdout);
    expect(welcome.status).toBe(0);
    expect(JSON.parse(welcome.stdout)).toMatchObject({ success: true, provider: { name: "Demo Provider" } });

    const dealer = await cli(dev, "demo:curl", "--api", "dealer", "--url", `${baseUrl}/`);
    expect(dealer.stdout).toContain(`-X GET ${baseUrl}/api/dealer/eibans \\`);
    expect(JSON.parse((await sh(dealer.stdout)).stdout)).toMatchObject({ success: true });

    const wrong = await cli(dev, "demo:curl", "--api", "bank");
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain("--api must be one of provider, dealer");
    const production = await cli(
      { ...process.env, NODE_ENV: "production", APP_ENV: "" } as NodeJS.ProcessEnv,
      "demo:curl",
    );
    expect(production.status).toBe(2);
    expect(production.stdout).toBe("");
  });
});
