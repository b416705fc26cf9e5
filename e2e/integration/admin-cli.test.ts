import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { verifyPassword } from "@/lib/base/crypto/password";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { admin, adminCommand } from "../support/admin-cli";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");

// Each CLI call starts a Node process; on a loaded 2-core machine a test of several calls can take a while.
describe("admin CLI", { timeout: 120_000 }, () => {
  it("creates a working provider, dealer and site, printing one JSON object each", async () => {
    const provider = admin(
      "provider:create",
      "--name",
      "CLI Provider",
      "--ips",
      "127.0.0.1,10.0.0.0/8",
      "--deposit-callback-url",
      "https://example.test/cb",
    );
    expect(provider.code).toBe(0);
    const created = JSON.parse(provider.stdout) as Record<string, unknown>;
    expect(Object.keys(created).sort()).toEqual(["api_key", "id", "secret_key", "verification_key"]);
    const dealer = JSON.parse(
      admin("dealer:create", "--name", "CLI Dealer", "--methods", "credit_card,manual_iban").stdout,
    ) as { id: number };
    const site = admin(
      "site:create",
      "--provider",
      String(created.id),
      "--dealer",
      String(dealer.id),
      "--name",
      "CLI Site",
      "--return-url",
      "https://example.test/back",
    );
    expect(JSON.parse(site.stdout)).toEqual({ id: expect.any(Number), credential_key: expect.any(String) });
    const res = await signedRequest(baseUrl, "/api/provider/welcome", {
      apiKey: String(created.api_key),
      secretKey: String(created.secret_key),
    });
    expect(res.status).toBe(200);
  });

  it("adds bank accounts, E-IBAN wallets, blocks and users", async () => {
    const dealer = JSON.parse(admin("dealer:create", "--name", "D", "--methods", "eiban").stdout) as { id: number };
    const account = admin(
      "bank-account:add",
      "--dealer",
      String(dealer.id),
      "--bank",
      "Ziraat",
      "--holder",
      "Ali Veli",
      "--iban",
      "TR33 0006 1005 1978 6457 8413 26",
      "--min",
      "1",
      "--max",
      "100000",
    );
    expect(JSON.parse(account.stdout)).toEqual({ id: expect.any(Number) });
    const wallet = JSON.parse(
      admin(
        "eiban:add",
        "--dealer",
        String(dealer.id),
        "--iban",
        "TR330006100519786457841326",
        "--bank",
        "B",
        "--holder",
        "H",
        "--balance",
        "5000.00",
      ).stdout,
    ) as { wallet_id: string };
    const row = await prisma.eibanWallet.findUniqueOrThrow({ where: { walletId: wallet.wallet_id } });
    expect(row.balance.toFixed(2)).toBe("5000.00");
    const user = admin(
      "user:create",
      "--email",
      "Staff@Example.com",
      "--password",
      "a-long-password",
      "--role",
      "dealer",
      "--dealer",
      String(dealer.id),
    );
    expect(JSON.parse(user.stdout)).toEqual({ id: expect.any(Number), email: "staff@example.com", role: "dealer" });
    const provider = JSON.parse(admin("provider:create", "--name", "P", "--ips", "127.0.0.1").stdout) as { id: number };
    expect(admin("block:add", "--provider", String(provider.id), "--user-id", "u-1").code).toBe(0);
    expect(await prisma.blockedCustomer.count({ where: { providerId: provider.id, userId: "u-1" } })).toBe(1);
  });

  it("takes a user's password from a file or standard input, out of the shell's history and ps", async () => {
    const [command, prefix] = adminCommand();
    const email = `stdin-${randomCodeGroup(6).toLowerCase()}@example.com`;
    const piped = spawnSync(
      command,
      [...prefix, "user:create", "--email", email, "--password-file", "-", "--role", "admin"],
      { env: process.env, encoding: "utf8", input: "a-long-password-from-stdin\n" },
    );
    expect(piped.status, piped.stderr).toBe(0);
    const user = await prisma.consoleUser.findUniqueOrThrow({ where: { email } });
    expect(await verifyPassword("a-long-password-from-stdin", user.passwordHash)).toBe(true);

    const dir = mkdtempSync(path.join(tmpdir(), "pis-password-"));
    try {
      const file = path.join(dir, "password");
      writeFileSync(file, "another-long-password\n", { mode: 0o600 });
      expect(admin("user:update", "--id", String(user.id), "--password-file", file).code).toBe(0);
      const updated = await prisma.consoleUser.findUniqueOrThrow({ where: { email } });
      expect(await verifyPassword("another-long-password", updated.passwordHash)).toBe(true);
      const both = admin("user:update", "--id", String(user.id), "--password-file", file, "--password", "x");
      expect(both.code).toBe(2);
      expect(both.stderr).toContain("give --password or --password-file, not both");
      const absent = admin("user:update", "--id", String(user.id), "--password-file", path.join(dir, "absent"));
      expect(absent.code).toBe(2);
      expect(absent.stderr).toContain("cannot be read (ENOENT)");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rotates a secret and returns the new one", async () => {
    const provider = JSON.parse(admin("provider:create", "--name", "R", "--ips", "127.0.0.1").stdout) as {
      id: number;
      api_key: string;
    };
    const rotated = JSON.parse(admin("provider:rotate-secret", "--id", String(provider.id)).stdout) as {
      secret_key: string;
    };
    const res = await signedRequest(baseUrl, "/api/provider/welcome", {
      apiKey: provider.api_key,
      secretKey: rotated.secret_key,
    });
    expect(res.status).toBe(200);
  });

  it("refuses bad input with a message and a non-zero exit, creating nothing", async () => {
    // Counted by the name the refused command gives: other files add providers meanwhile.
    const named = () => prisma.provider.count({ where: { name: "X" } });
    const before = await named();
    const bad = admin(
      "provider:create",
      "--name",
      "X",
      "--ips",
      "300.1.1.1",
      "--deposit-callback-url",
      "javascript:alert(1)",
    );
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain('"300.1.1.1" is not a valid IP address or CIDR range');
    expect(bad.stderr).toContain("must be an http(s) URL");
    expect(await named()).toBe(before);
    expect(
      admin(
        "bank-account:add",
        "--dealer",
        "1",
        "--bank",
        "B",
        "--holder",
        "H",
        "--iban",
        "TR330006100519786457841327",
        "--min",
        "1",
        "--max",
        "2",
      ).stderr,
    ).toContain("checksum");
    expect(admin("user:create", "--email", "x@y.z", "--password", "short", "--role", "root").code).toBe(2);
    expect(admin("provider:create", "--nmae", "typo").stderr).toContain("Unknown option(s)");
    expect(admin("nope").code).toBe(2);
  });
});

describe("admin CLI callbacks", { timeout: 120_000 }, () => {
  it("queues a test callback and resends a delivery", async () => {
    const provider = JSON.parse(
      admin(
        "provider:create",
        "--name",
        "CB",
        "--ips",
        "127.0.0.1",
        "--deposit-callback-url",
        "http://127.0.0.1:9/none",
      ).stdout,
    ) as { id: number };
    const test = admin("callback:test", "--target", "deposit", "--provider", String(provider.id));
    expect(test.code).toBe(0);
    const queued = JSON.parse(test.stdout) as { id: number; url: string };
    expect(queued.url).toBe("http://127.0.0.1:9/none");
    const resent = admin("callback:resend", "--id", String(queued.id));
    expect(JSON.parse(resent.stdout)).toMatchObject({ id: queued.id, state: "PENDING" });
    expect(admin("callback:resend", "--id", "999999999").code).toBe(2);
    expect(admin("callback:test", "--target", "withdrawal", "--provider", String(provider.id)).stderr).toContain(
      "no withdrawal callback URL is configured",
    );
  });
});

/** The CLI as an operator runs it with Inngest configured (its event API at INNGEST_BASE_URL), run without blocking. */
function adminWithInngest(inngestUrl: string, ...args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join("node_modules", ".bin", "tsx"), ["scripts/admin.ts", ...args], {
      // Production's Inngest settings (the CLI on the suite's database is production's, which refuses INNGEST_DEV).
      env: {
        ...process.env,
        INNGEST_BASE_URL: inngestUrl,
        INNGEST_EVENT_KEY: "test-event-key",
        INNGEST_SIGNING_KEY: `signkey-test-${"ab".repeat(32)}`,
      },
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.once("exit", (code) => resolve({ code, stdout }));
  });
}

describe("admin CLI under Inngest", { timeout: 120_000 }, () => {
  it("announces a resend and a test callback to Inngest at once, before exiting, each naming its receiver", async () => {
    const events: { name: string; data: Record<string, unknown> }[] = [];
    // Inngest's event API as the SDK reaches it (POST /e/<event key>): records what the CLI sends.
    const inngest = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        if (req.method === "POST" && req.url?.startsWith("/e/"))
          events.push(...([] as typeof events).concat(JSON.parse(body)));
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ids: ["evt"], status: 200 }));
      });
    });
    await new Promise<void>((resolve) => inngest.listen(0, "127.0.0.1", resolve));
    const inngestUrl = `http://127.0.0.1:${(inngest.address() as { port: number }).port}`;
    try {
      const provider = JSON.parse(
        admin(
          "provider:create",
          "--name",
          "CBI",
          "--ips",
          "127.0.0.1",
          "--deposit-callback-url",
          "http://127.0.0.1:9/none",
        ).stdout,
      ) as { id: number };
      const test = await adminWithInngest(
        inngestUrl,
        "callback:test",
        "--target",
        "deposit",
        "--provider",
        String(provider.id),
      );
      expect(test.code).toBe(0);
      const queued = JSON.parse(test.stdout) as { id: number };
      const resent = await adminWithInngest(inngestUrl, "callback:resend", "--id", String(queued.id));
      expect(resent.code).toBe(0);
      const due = events.filter((e) => e.name === "callbacks/delivery.due");
      // One event for the test callback, one for the resend: neither waits for the sweep.
      expect(due.map((e) => e.data)).toEqual([
        { deliveryId: queued.id, receiver: "127.0.0.1:9" },
        { deliveryId: queued.id, receiver: "127.0.0.1:9" },
      ]);
    } finally {
      inngest.close();
    }
  });
});
