import { randomBytes } from "node:crypto";
import { generateSecret, generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashPassword } from "@/lib/base/crypto/password";
import { decryptSecret, encryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { admin as cli } from "../support/admin-cli";
import { signInToConsole } from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { builtServerActions, postServerAction } from "../support/server-actions";
import { startAppServer, type AppServer } from "../support/test-stack";
import { insertTransaction } from "../support/transactions";

/**
 * Money settings and the people behind approvals, on a production build whose console requires admins'
 * second factor (production's default), over real HTTP: the four-eyes walk-around (propose, create a second
 * admin, enrol its second factor, confirm), connector configurations changed without a second factor, a
 * connector's address changed with its stored secrets, and guessing the code that turns the factor off.
 */
const stackEnv = inject("stackEnv");
const PASSWORD = "a-strong-integration-password";
// Sign-ins and guesses leave from an address of their own: the attempt limits count per IP as well.
const FROM = "127.0.0.31";
const LONG_AGO = new Date("2021-01-01T00:00:00Z");
let server: AppServer;
const actions = builtServerActions();

beforeAll(async () => {
  const env: Record<string, string> = { ...stackEnv };
  delete env.NEXTAUTH_URL;
  delete env.PUBLIC_BASE_URL;
  server = await startAppServer({ ...env, CONSOLE_ADMIN_SECOND_FACTOR: "required", JOB_RUNNER: "off" });
});
afterAll(async () => {
  await server?.stop();
});

const now = () => Math.floor(Date.now() / 1000);
const code = (secret: string, stepsAhead = 0) => generateSync({ secret, epoch: now() + stepsAhead * 30 });

/** An admin account of long standing, with a second factor since long ago unless `withFactor` is false. */
async function longStandingAdmin(name: string, withFactor = true) {
  const secret = generateSecret();
  const email = `${name}-${randomBytes(3).toString("hex")}@money-settings.test`;
  const user = await prisma.consoleUser.create({
    data: {
      email,
      passwordHash: await hashPassword(PASSWORD),
      role: "ADMIN",
      accessGrantedAt: LONG_AGO,
      ...(withFactor ? { totpSecretEnc: encryptSecret(secret), totpEnabledAt: LONG_AGO } : {}),
    },
  });
  return { id: user.id, email, secret };
}

async function signedIn(account: { email: string; secret?: string }, stepsAhead = 0) {
  return signInToConsole(server.baseUrl, account.email, PASSWORD, {
    code: account.secret ? code(account.secret, stepsAhead) : undefined,
    localAddress: FROM,
  });
}

function act(name: string, fields: Record<string, string>, cookie: string) {
  const action = actions.find((a) => a.name === name && a.file.startsWith("app/console/"));
  if (!action) throw new Error(`no console action ${name}`);
  return postServerAction(server.baseUrl, action, fields, cookie, FROM);
}

describe("four eyes cannot be walked around with a second admin account", { timeout: 120_000 }, () => {
  it("admin A proposes, creates admin B, enrols B's second factor and confirms as B: refused in words; a long-standing admin confirms", async () => {
    const a = await longStandingAdmin("ayse");
    const c = await longStandingAdmin("cem");
    const tenant = await createTenant();
    const deposit = await insertTransaction(tenant, { amount: "150.00" });
    const sessionA = await signedIn(a);

    const proposed = await act(
      "approveOrProposeDepositAction",
      { id: String(deposit.id), amount: "140.00", reason: "only 140 arrived", reference: "" },
      sessionA,
    );
    expect(proposed.text).toContain("Proposed with 140.00");
    const proposal = await prisma.secondApproval.findUniqueOrThrow({ where: { openFor: deposit.id } });

    // A creates a second admin account (A's session has its second factor): audited and raised for others to see.
    const emailB = `burak-${randomBytes(3).toString("hex")}@money-settings.test`;
    const created = await act(
      "createUserAction",
      { role: "admin", email: emailB, password: PASSWORD, dealerId: "", providerId: "" },
      sessionA,
    );
    expect(created.text).toContain(emailB);
    const b = await prisma.consoleUser.findUniqueOrThrow({ where: { email: emailB } });
    expect(b.accessGrantedBy).toBe(a.id);
    expect(
      await prisma.auditLog.count({ where: { action: "user.create", entityId: String(b.id), actorUserId: a.id } }),
    ).toBe(1);
    const raised = await prisma.alert.findFirstOrThrow({
      where: {
        kind: "money_setting_changed",
        messageKey: "adminCreated",
        messageParams: { path: ["email"], equals: emailB },
      },
    });
    expect(raised).toMatchObject({ resolvedAt: null, dealerId: null, source: a.email });

    // B signs in, enrols a second factor through the security page's actions, and signs in with it.
    const passwordOnly = await signInToConsole(server.baseUrl, emailB, PASSWORD, { localAddress: FROM });
    expect((await act("startTotpAction", { code: "" }, passwordOnly)).text).toContain(en.secondFactor.scan);
    const secretB = decryptSecret((await prisma.consoleUser.findUniqueOrThrow({ where: { id: b.id } })).totpSecretEnc!);
    expect((await act("confirmTotpAction", { code: code(secretB) }, passwordOnly)).text).toContain(
      en.secondFactor.confirmed,
    );
    const sessionB = await signedIn({ email: emailB, secret: secretB }, 1);

    const refused = await act(
      "confirmSecondApprovalAction",
      { id: String(proposal.id), amount: "", reason: "", reference: "" },
      sessionB,
    );
    expect(refused.text).toContain("your account cannot give the second approval");
    expect(refused.text).toContain("that the proposer did not create, reactivate or give a password to");
    expect(await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).toMatchObject({
      status: "pending",
    });
    expect(await prisma.secondApproval.findUniqueOrThrow({ where: { id: proposal.id } })).toMatchObject({
      openFor: deposit.id,
      decision: null,
    });
    // In Turkish too.
    const turkish = await act(
      "confirmSecondApprovalAction",
      { id: String(proposal.id), amount: "", reason: "", reference: "" },
      `${sessionB}; console_lang=tr`,
    );
    expect(turkish.text).toContain("hesabınız ikinci onayı veremez");

    // An admin whose account and second factor predate the proposal, and whom A did not create, confirms it.
    const confirmed = await act(
      "confirmSecondApprovalAction",
      { id: String(proposal.id), amount: "", reason: "", reference: "" },
      await signedIn(c),
    );
    expect(confirmed.text).toContain("Confirmed: completed with 140.00");
    expect(await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).toMatchObject({
      status: "completed",
    });
  });
});

describe("connector configurations and admin accounts are money moves", { timeout: 120_000 }, () => {
  it("a session without a second factor changes no acquirer, gateway or E-IBAN connector and creates no admin; with it the change is audited and raised", async () => {
    const tenant = await createTenant();
    const before = await prisma.dealerAcquirer.findUniqueOrThrow({ where: { dealerId: tenant.dealer.id } });
    const gateway = await saveGateway(
      undefined,
      {
        method: "WALLET",
        name: "Guarded gateway",
        code: `guard-${randomBytes(3).toString("hex")}`,
        minAmount: "1.00",
        maxAmount: "100.00",
        supportedCryptoTypes: [],
        requiredFields: [],
        description: "",
        isActive: true,
        connector: "http-partner",
        config: { baseUrl: "https://gw.example", secret: "gateway-secret-0123456789" },
      },
      { label: "test" },
    );
    const gatewayBefore = await prisma.gateway.findUniqueOrThrow({ where: { id: gateway.id } });

    const noFactor = await longStandingAdmin("dilek", false);
    const session = await signedIn(noFactor);
    const attempts = {
      // A store key the session's holder knows would let them sign the acquirer's returns.
      setAcquirerAction: {
        id: String(tenant.dealer.id),
        connector: "sandbox-card",
        "config.merchantId": "Mine",
        "config.storeKey": "a-store-key-i-know-0001",
      },
      saveGatewayAction: {
        id: String(gateway.id),
        method: "WALLET",
        name: gateway.name,
        code: gateway.code,
        minAmount: "1.00",
        maxAmount: "100.00",
        requiredFields: "",
        supportedCryptoTypes: "",
        description: "",
        isActive: "on",
        connector: "http-partner",
        config: JSON.stringify({ baseUrl: "https://gw.example", secret: "a-secret-i-know-0123456789" }),
      },
      rotateGatewaySecretAction: { id: String(gateway.id), grace: "0" },
      addEibanWalletAction: {
        dealerId: String(tenant.dealer.id),
        iban: "TR330006100519786457841326",
        bankName: "Mine",
        accountName: "Mine",
        connector: "http-partner",
        config: JSON.stringify({ baseUrl: "https://bank.example", secret: "a-secret-i-know-0123456789" }),
      },
      createUserAction: {
        role: "admin",
        email: `eve-${randomBytes(3).toString("hex")}@money-settings.test`,
        password: PASSWORD,
        dealerId: "",
        providerId: "",
      },
    };
    for (const [name, fields] of Object.entries(attempts)) {
      const res = await act(name, fields, session);
      expect(res.text, name).toContain(en.secondFactor.required);
    }
    expect(await prisma.dealerAcquirer.findUniqueOrThrow({ where: { dealerId: tenant.dealer.id } })).toEqual(before);
    expect(await prisma.gateway.findUniqueOrThrow({ where: { id: gateway.id } })).toEqual(gatewayBefore);
    expect(await prisma.consoleUser.count({ where: { email: attempts.createUserAction.email } })).toBe(0);
    expect(await prisma.eibanWallet.count({ where: { dealerId: tenant.dealer.id, bankName: "Mine" } })).toBe(0);
    // Dealer staff accounts are not admin grants: created without a second factor.
    const staff = await act(
      "createUserAction",
      {
        role: "dealer",
        email: `staff-${randomBytes(3).toString("hex")}@money-settings.test`,
        password: PASSWORD,
        dealerId: String(tenant.dealer.id),
        providerId: "",
      },
      session,
    );
    expect(staff.text).not.toContain(en.secondFactor.required);

    // With the second factor: set, audited with the key masked, and raised for the other admins.
    const withFactor = await longStandingAdmin("emre");
    const saved = await act("setAcquirerAction", attempts.setAcquirerAction, await signedIn(withFactor));
    expect(saved.text).toContain(en.acquirers.saved);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "dealer.acquirer_set", entityId: String(tenant.dealer.id), actorUserId: withFactor.id },
    });
    expect(JSON.stringify(audit)).not.toContain("a-store-key-i-know-0001");
    const alert = await prisma.alert.findFirstOrThrow({
      where: { kind: "money_setting_changed", messageKey: "acquirerSet", source: withFactor.email },
    });
    expect(alert.message).toContain(`${withFactor.email} set the card acquirer of dealer`);
    expect(alert).toMatchObject({
      dealerId: null,
      resolvedAt: null,
      details: { audit_id: audit.id, dealer_id: tenant.dealer.id },
    });
  });
});

describe("a connector's address changed with its stored secret", { timeout: 120_000 }, () => {
  it("the console and the CLI ask for the secret fields again (in Turkish and English) and change nothing; the same address keeps them", async () => {
    const tenant = await createTenant();
    const est = {
      clientId: "700655000200",
      storeKey: "STOREKEY-0001",
      username: "apiuser",
      password: "api-pass-0001",
      gatewayUrl: "https://bank.example/fim/est3Dgate",
      apiUrl: "https://bank.example/fim/api",
      timeoutMs: 5000,
    };
    await setDealerAcquirer(tenant.dealer.id, "est-v3", est, { label: "test" });
    const stored = await prisma.dealerAcquirer.findUniqueOrThrow({ where: { dealerId: tenant.dealer.id } });
    const session = await signedIn(await longStandingAdmin("fatma"));
    const form = (apiUrl: string) => ({
      id: String(tenant.dealer.id),
      connector: "est-v3",
      "config.clientId": est.clientId,
      "config.username": est.username,
      "config.storeKey": "",
      "config.password": "",
      "config.gatewayUrl": est.gatewayUrl,
      "config.apiUrl": apiUrl,
      "config.timeoutMs": "5000",
    });

    const english = await act("setAcquirerAction", form("https://attacker.example/fim/api"), session);
    expect(english.text).toContain(
      "Enter storeKey again: apiUrl changed, and a stored secret is never sent to a new address",
    );
    expect(english.text).toContain("Enter password again: apiUrl changed");
    const turkish = await act(
      "setAcquirerAction",
      form("https://attacker.example/fim/api"),
      `${session}; console_lang=tr`,
    );
    expect(turkish.text).toContain("Gizli alan storeKey yeniden girilmeli: apiUrl değişti");
    expect(turkish.text).not.toContain(tr.acquirers.saved);
    const cliRun = cli(
      "acquirer:set",
      "--dealer",
      String(tenant.dealer.id),
      "--connector",
      "est-v3",
      "--config",
      JSON.stringify({ ...est, storeKey: undefined, password: undefined, apiUrl: "https://attacker.example/fim/api" }),
    );
    expect(cliRun.code).toBe(2);
    expect(cliRun.stderr).toContain("Enter storeKey again: apiUrl changed");
    expect(await prisma.dealerAcquirer.findUniqueOrThrow({ where: { dealerId: tenant.dealer.id } })).toEqual(stored);

    // The same addresses: the empty secret fields keep the stored ones.
    expect(
      (await act("setAcquirerAction", { ...form(est.apiUrl), "config.username": "apiuser2" }, session)).text,
    ).toContain(en.acquirers.saved);
    const kept = (await prisma.dealerAcquirer.findUniqueOrThrow({ where: { dealerId: tenant.dealer.id } })).config as {
      values: { username: string };
      sealed: Record<string, string>;
    };
    expect(kept.values.username).toBe("apiuser2");
    expect(decryptSecret(kept.sealed.storeKey!)).toBe(est.storeKey);

    // A gateway's partner address, from the CLI and the console (its secret shown masked, as the form does).
    const gateway = await saveGateway(
      undefined,
      {
        method: "WALLET",
        name: "Moved gateway",
        code: `moved-${randomBytes(3).toString("hex")}`,
        minAmount: "1.00",
        maxAmount: "100.00",
        supportedCryptoTypes: [],
        requiredFields: [],
        description: "",
        isActive: true,
        connector: "http-partner",
        config: { baseUrl: "https://gw.example", secret: "gateway-secret-0123456789" },
      },
      { label: "test" },
    );
    const gatewayBefore = await prisma.gateway.findUniqueOrThrow({ where: { id: gateway.id } });
    const moved = cli(
      "gateway:update",
      "--id",
      String(gateway.id),
      "--connector",
      "http-partner",
      "--config",
      JSON.stringify({ baseUrl: "https://attacker.example" }),
    );
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain("Enter secret again: baseUrl changed");
    const consoleMove = await act(
      "saveGatewayAction",
      {
        id: String(gateway.id),
        method: "WALLET",
        name: gateway.name,
        code: gateway.code,
        minAmount: "1.00",
        maxAmount: "100.00",
        requiredFields: "",
        supportedCryptoTypes: "",
        description: "",
        isActive: "on",
        connector: "http-partner",
        config: JSON.stringify({ baseUrl: "https://attacker.example", secret: "••••6789" }),
      },
      `${session}; console_lang=tr`,
    );
    expect(consoleMove.text).toContain("Gizli alan secret yeniden girilmeli: baseUrl değişti");
    expect(await prisma.gateway.findUniqueOrThrow({ where: { id: gateway.id } })).toEqual(gatewayBefore);
  });
});

describe("turning the second factor off", { timeout: 120_000 }, () => {
  it("counts wrong codes against the account's sign-in attempt limit: after ten, even the right code is refused and the factor stays on", async () => {
    const user = await longStandingAdmin("gul");
    const session = await signedIn(user);
    for (let i = 0; i < 10; i++) {
      const wrong = await act("disableTotpAction", { code: String(100000 + i) }, session);
      expect(wrong.text).toContain(en.secondFactor.wrongCode);
    }
    const limited = await act("disableTotpAction", { code: code(user.secret, 1) }, session);
    expect(limited.text).toContain(en.secondFactor.tooManyAttempts);
    expect((await prisma.consoleUser.findUniqueOrThrow({ where: { id: user.id } })).totpEnabledAt).not.toBeNull();
  });
});
