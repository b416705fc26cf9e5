import { describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { updateBankAccount } from "@/lib/domain/bank-accounts/update-bank-account";
import { blockCustomer } from "@/lib/domain/customers/block-customer";
import { unblockCustomer } from "@/lib/domain/customers/unblock-customer";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { updateDealer } from "@/lib/domain/dealers/update-dealer";
import { updateEibanWallet } from "@/lib/domain/eiban/update-eiban-wallet";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { updateProvider } from "@/lib/domain/providers/update-provider";
import { updateAccountIpWhitelist } from "@/lib/domain/accounts/update-account-ip-whitelist";
import { updateSite } from "@/lib/domain/sites/update-site";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { updateConsoleUser } from "@/lib/domain/users/update-console-user";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const ADMIN = { userId: undefined, label: "admin@test", dealerId: null };
const staffOf = (dealerId: number) => ({ label: `staff-${dealerId}@test`, dealerId });
const iban = (seed: string) => ibanFromBban("TR", `00010${seed.padStart(17, "0")}`);
const uniqueDigits = () => String(Date.now()).slice(-8) + String(Math.floor(Math.random() * 1e9)).padStart(9, "0");

async function account(dealerId: number) {
  return addBankAccount(
    {
      dealerId,
      bankName: "Bank",
      accountName: "Holder",
      iban: iban(uniqueDigits()),
      minAmount: "10",
      maxAmount: "1000",
    },
    ADMIN,
  );
}

const edit = {
  bankName: "Renamed",
  accountName: "New Holder",
  iban: iban("12345"),
  minAmount: "50.00",
  maxAmount: "2500.50",
  isActive: false,
};

describe("dealer-owned rows: staff are held to their own dealer inside the transaction", () => {
  it("dealer staff change their own bank account; the audit entry has exact before and after", async () => {
    const mine = await createTenant();
    const { id } = await account(mine.dealer.id);
    await updateBankAccount(id, edit, staffOf(mine.dealer.id));
    const row = await prisma.bankAccount.findUniqueOrThrow({ where: { id } });
    expect(row.maxAmount.toFixed(2)).toBe("2500.50");
    expect(row.isActive).toBe(false);
    const [entry] = await prisma.auditLog.findMany({
      where: { entityType: "bank_account", entityId: String(id), action: "bank_account.update" },
    });
    expect(entry).toMatchObject({
      actorLabel: `staff-${mine.dealer.id}@test`,
      before: { minAmount: "10.00", maxAmount: "1000.00", isActive: true },
      after: { minAmount: "50.00", maxAmount: "2500.50", isActive: false },
    });
  });

  it("another dealer's bank account is refused as not found and nothing changes or is audited", async () => {
    const [mine, theirs] = await Promise.all([createTenant(), createTenant()]);
    const { id } = await account(theirs.dealer.id);
    const before = await prisma.bankAccount.findUniqueOrThrow({ where: { id } });
    await expect(updateBankAccount(id, edit, staffOf(mine.dealer.id))).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This bank account does not exist or is not yours to manage.",
    });
    expect(await prisma.bankAccount.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(
      await prisma.auditLog.count({
        where: { entityType: "bank_account", entityId: String(id), action: "bank_account.update" },
      }),
    ).toBe(0);
  });

  it("limits are checked as exact decimals", async () => {
    const mine = await createTenant();
    const { id } = await account(mine.dealer.id);
    await expect(
      updateBankAccount(id, { ...edit, minAmount: "100.01", maxAmount: "100.00" }, ADMIN),
    ).rejects.toMatchObject({ details: { messages: ["min must not exceed max"] } });
    await expect(updateBankAccount(id, { ...edit, minAmount: "1.005" }, ADMIN)).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("E-IBAN wallets follow the same rule", async () => {
    const [mine, theirs] = await Promise.all([createTenant(), createTenant()]);
    const wallet = await addFundedWallet({
      dealerId: theirs.dealer.id,
      iban: iban(uniqueDigits()),
      bankName: "E-Bank",
      accountName: "Wallet",
      balance: "0.00",
    });
    const change = { bankName: "Mine now", accountName: "Mine", isActive: false };
    await expect(updateEibanWallet(wallet.id, change, staffOf(mine.dealer.id))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } })).bankName).toBe("E-Bank");
    await updateEibanWallet(wallet.id, change, staffOf(theirs.dealer.id));
    expect((await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } })).isActive).toBe(false);
  });
});

describe("provider and dealer settings take effect on the APIs", () => {
  it("a whitelist with a bad line is refused whole, naming the line; a good one applies at once", async () => {
    const { creds, provider } = await createTenant();
    await expect(
      updateAccountIpWhitelist("provider", provider.id, "127.0.0.1\n10.0.0.300", ADMIN),
    ).rejects.toMatchObject({
      details: { messages: ['line 2: "10.0.0.300" is not a valid IP address or CIDR range'] },
    });
    expect((await prisma.provider.findUniqueOrThrow({ where: { id: provider.id } })).ipWhitelist).toEqual([
      "127.0.0.1",
    ]);
    await updateAccountIpWhitelist("provider", provider.id, "10.0.0.0/8\n2001:db8::/32", ADMIN);
    expect((await signedRequest(baseUrl, "/api/provider/welcome", creds)).status).toBe(403);
    await updateAccountIpWhitelist("provider", provider.id, "127.0.0.0/30", ADMIN);
    expect((await signedRequest(baseUrl, "/api/provider/welcome", creds)).status).toBe(200);
    const entries = await prisma.auditLog.findMany({
      where: { entityType: "provider", entityId: String(provider.id), action: "provider.ip_whitelist" },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => e.after)).toEqual([
      { ipWhitelist: ["10.0.0.0/8", "2001:db8::/32"] },
      { ipWhitelist: ["127.0.0.0/30"] },
    ]);
  });

  it("deactivating a provider refuses its requests; its callback URLs can be cleared", async () => {
    const { creds, provider } = await createTenant({ callbackUrl: "https://old.example/cb" });
    const saved = await updateProvider(
      provider.id,
      {
        name: "Renamed",
        isActive: false,
        depositCallbackUrl: "",
        withdrawalCallbackUrl: "https://new.example/w",
        creditCardCallbackUrl: " ",
      },
      ADMIN,
    );
    expect(saved).toMatchObject({
      name: "Renamed",
      depositCallbackUrl: null,
      withdrawalCallbackUrl: "https://new.example/w",
      creditCardCallbackUrl: null,
    });
    expect((await signedRequest(baseUrl, "/api/provider/welcome", creds)).json).toMatchObject({
      error: "Provider account is inactive",
    });
    await expect(
      updateProvider(provider.id, { ...saved, isActive: true, depositCallbackUrl: "ftp://x" }, ADMIN),
    ).rejects.toMatchObject({
      details: { messages: ["deposit callback URL must be an http(s) URL"] },
    });
  });

  it("payment method toggles show in the dealer API's settings", async () => {
    const { dealerCreds, dealer } = await createTenant();
    await updateDealer(
      dealer.id,
      { name: "Dealer X", welcomeMessage: "", isActive: true, methods: ["eiban"], creditCardCallbackUrl: "" },
      ADMIN,
    );
    const res = await signedRequest(baseUrl, "/api/dealer/settings", dealerCreds, { method: "GET" });
    expect(res.json).toMatchObject({
      dealer_name: "Dealer X",
      payment_methods: { credit_card: "inactive", eiban: "active", manual_iban: "inactive" },
    });
  });

  it("a site can be assigned to another dealer; a missing dealer is refused", async () => {
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    await updateSite(a.site.id, { name: "Moved", dealerId: b.dealer.id, isActive: true }, ADMIN);
    expect((await prisma.site.findUniqueOrThrow({ where: { id: a.site.id } })).dealerId).toBe(b.dealer.id);
    await expect(
      updateSite(a.site.id, { name: "Moved", dealerId: 999_999_999, isActive: true }, ADMIN),
    ).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("customers and console users", () => {
  it("unblocking lifts a block once", async () => {
    const { provider } = await createTenant();
    const block = await blockCustomer({ providerId: provider.id, userId: "cust-1", reason: "chargebacks" }, ADMIN);
    await unblockCustomer(block.id, ADMIN);
    expect(await prisma.blockedCustomer.count({ where: { id: block.id } })).toBe(0);
    await expect(unblockCustomer(block.id, ADMIN)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("an admin cannot deactivate themselves; a password change is audited without the password", async () => {
    const email = `u-${randomCodeGroup(6).toLowerCase()}@test.local`;
    const user = await createConsoleUser({ email, password: "first-password-1", role: "admin" }, ADMIN);
    await expect(
      updateConsoleUser(user.id, { isActive: false }, { userId: user.id, label: email }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await updateConsoleUser(user.id, { password: "second-password-2" }, ADMIN);
    const [entry] = await prisma.auditLog.findMany({
      where: { entityType: "console_user", entityId: String(user.id), action: "user.set_password" },
    });
    expect(entry!.after).toEqual({ isActive: true, passwordChanged: true });
    expect(JSON.stringify(entry)).not.toContain("second-password-2");
  });
});
