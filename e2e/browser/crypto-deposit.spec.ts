import { randomCodeGroup } from "@/lib/base/crypto/random";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant, offerGateways } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

test("a customer pays a crypto deposit on the page, the sandbox gateway confirms, the provider gets the signed callback", async ({
  page,
  baseURL,
}) => {
  const receiver = await startCallbackReceiver();
  try {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const suffix = randomCodeGroup(6).toLowerCase();
    const coins = await saveGateway(
      undefined,
      {
        method: "CRYPTO",
        name: `Coins ${suffix}`,
        code: `e2e-coins-${suffix}`,
        minAmount: "10",
        maxAmount: "1000000",
        description: "e2e",
        isActive: true,
        requiredFields: ["crypto_type", "wallet_address"],
        supportedCryptoTypes: ["USDT-TRC20", "BTC"],
      },
      { label: "e2e" },
    );
    await offerGateways(tenant.site.id, coins);
    const res = await signedRequest(baseURL!, "/api/provider/third-party/crypto/start-deposit", tenant.creds, {
      middle: [tenant.site.credential_key],
      headers: { "x-credential-key": tenant.site.credential_key },
      body: { user_id: "u-5", username: "deniz", fullname: "Deniz Ak", amount: 3425 },
    });
    const { payment_url: paymentUrl, tracking_code: code } = res.json.data as Record<string, string>;

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${paymentUrl}?lang=en`);
    await expect(page.getByRole("link", { name: "Crypto" })).toHaveAttribute("aria-current", "page");
    await page
      .getByRole("group", { name: new RegExp(`Coins ${suffix}`) })
      .getByRole("radio", { name: "USDT-TRC20" })
      .check();
    await page.getByRole("button", { name: "Continue" }).click();
    const details = page.getByRole("region", { name: "Crypto" });
    await expect(details).toContainText("USDT-TRC20 (TRC20)");
    await expect(details).toContainText("100.00 USDT");
    await expect(details).toContainText("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    await expect(page.getByRole("img", { name: "Scan with your wallet app" }).locator("svg")).toBeVisible();
    await page.screenshot({ path: "test-results/crypto-deposit-phone.png", fullPage: true });

    const control = await page.context().newPage();
    await control.goto("/sandbox/gateways");
    await control.getByRole("listitem", { name: code }).getByRole("button", { name: "Confirm payment" }).click();
    await expect(control.getByRole("status")).toContainText("the service was notified");

    await expect(page.getByRole("status").filter({ hasText: "Payment received" })).toBeVisible({ timeout: 15_000 });
    const [callback] = await receiver.forTrackingCode(code!);
    expect(verifyAsReceiver(callback!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
    expect(callback!.body).toMatchObject({
      status: "completed",
      amount: 3425,
      type: "third_party_crypto_deposit",
      payment_method: "crypto",
      crypto_type: "USDT-TRC20",
    });
  } finally {
    await receiver.close();
  }
});
