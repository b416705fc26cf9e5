import { describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { updateBankAccount } from "@/lib/domain/bank-accounts/update-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { formatIban, ibanFromBban } from "@/lib/base/iban/iban";
import { consoleSession, pageText } from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { callWithSite } from "../support/provider-calls";
import { testDealerClient } from "../support/sdk-clients";

const baseUrl = inject("baseUrl");
const ACTOR = { label: "offered-account-test" };
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
const newIban = () => ibanFromBban("TR", `00010${digits(17)}`);

/** A tenant whose dealer has exactly one bank account, so every deposit offers it. */
async function tenantWithOneAccount() {
  const tenant = await createTenant();
  const iban = newIban();
  const account = await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Ziraat Bankası",
      accountName: "Eski Hesap A.Ş.",
      iban,
      minAmount: "10",
      maxAmount: "5000",
    },
    ACTOR,
  );
  return { tenant, account, iban };
}

/** The account edited as staff edit it: another IBAN, holder and bank. */
async function editAccount(id: number, iban: string) {
  await updateBankAccount(
    id,
    {
      bankName: "Garanti BBVA",
      accountName: "Yeni Sahip Ltd.",
      iban,
      minAmount: "10",
      maxAmount: "5000",
      isActive: true,
    },
    ACTOR,
  );
}

describe("the account an open deposit offered", () => {
  it("stays on the payment page after the account's IBAN is changed", async () => {
    const { tenant, account, iban } = await tenantWithOneAccount();
    const created = await callWithSite("/api/provider/start-manual-deposit", tenant.creds, tenant.site.credential_key, {
      fullname: "Zeynep Kaya",
      username: "zeynep",
      user_id: "u-1",
      amount: 250,
    });
    expect(created.status).toBe(200);
    const url = new URL(String((created.json.data as Record<string, unknown>).payment_url));
    const before = pageText((await httpRequest({ url: `${baseUrl}${url.pathname}`, method: "GET" })).text);
    expect(before).toContain(formatIban(iban));

    const replacement = newIban();
    await editAccount(account.id, replacement);

    const page = await httpRequest({ url: `${baseUrl}${url.pathname}`, method: "GET" });
    expect(page.status).toBe(200);
    const after = pageText(page.text);
    expect(after).toContain(formatIban(iban));
    expect(after).toContain("Eski Hesap A.Ş.");
    expect(after).toContain("Ziraat Bankası");
    expect(after).not.toContain(formatIban(replacement));
    expect(after).not.toContain("Yeni Sahip Ltd.");

    // A deposit offered after the edit offers the account as it reads now.
    const next = await callWithSite("/api/provider/start-manual-deposit", tenant.creds, tenant.site.credential_key, {
      fullname: "Ali Veli",
      username: "ali",
      user_id: "u-2",
      amount: 300,
    });
    const nextPath = new URL(String((next.json.data as Record<string, unknown>).payment_url)).pathname;
    expect(pageText((await httpRequest({ url: `${baseUrl}${nextPath}`, method: "GET" })).text)).toContain(
      formatIban(replacement),
    );
  });

  it("stays in the dealer's create answer on a retry and on the console's transaction page", async () => {
    const { tenant, account, iban } = await tenantWithOneAccount();
    const client = testDealerClient(tenant.dealerCreds);
    const key = `offered-${digits(8)}`;
    const body = { username: "ayse", userid: "u-9", fullname: "Ayşe Yılmaz", amount: "150.00" };
    const first = await client.startDeposit(body, { idempotencyKey: key });
    if (!first.ok) throw new Error(JSON.stringify(first.error));
    expect(first.data.data.iban_no).toBe(iban);

    await editAccount(account.id, newIban());
    const retry = await client.startDeposit(body, { idempotencyKey: key });
    if (!retry.ok) throw new Error(JSON.stringify(retry.error));
    expect(retry.data.data).toMatchObject({
      tracking_code: first.data.data.tracking_code,
      iban_no: iban,
      account_name: "Eski Hesap A.Ş.",
      bank_name: "Ziraat Bankası",
    });

    const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: first.data.data.tracking_code } });
    const admin = await consoleSession(baseUrl, "admin");
    const detail = pageText((await admin.get(`/console/transactions/${row.id}`)).text);
    expect(detail).toContain(formatIban(iban));
    expect(detail).toContain("Eski Hesap A.Ş.");
    expect(detail).not.toContain("Yeni Sahip Ltd.");
  });
});
