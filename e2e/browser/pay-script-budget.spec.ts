import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { sandboxStoreKey } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";
import { createTenant } from "../support/fixtures";
import { cardPayment, cryptoGatewayOn, manualDeposit, payingTenant, phone } from "../support/payment-page";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

/**
 * Issue 54, point 9: a payment page ships at most 150 KB of JavaScript, gzipped (the framework's own floor is about
 * 135 KB). Every script the page loads until the network is quiet is gzipped here at the default level, as a server
 * would send it, and summed: a size, not a time, so the same build gives the same figure on any machine.
 */
const BUDGET_BYTES = 150_000;

async function scriptBytes(browser: Browser, url: string, lang: "en" | "tr"): Promise<{ gzip: number; files: number }> {
  const context = await phone(browser, lang);
  try {
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        bodies.push(
          response.body().then((body) => {
            if (process.env.PAY_SCRIPT_DEBUG) console.log(`${gzipSync(body).length} ${response.url().slice(-60)}`);
            return body;
          }),
        );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const all = await Promise.all(bodies);
    return { gzip: all.reduce((sum, body) => sum + gzipSync(body).length, 0), files: all.length };
  } finally {
    await context.close();
  }
}

async function gatewayChoice(baseURL: string) {
  const tenant = await createTenant();
  const suffix = randomCodeGroup(6).toLowerCase();
  await cryptoGatewayOn(tenant.site.id, `Coins ${suffix}`, `budget-coins-${suffix}`);
  const res = await signedRequest(baseURL, "/api/provider/third-party/crypto/start-deposit", tenant.creds, {
    middle: [tenant.site.credential_key],
    headers: { "x-credential-key": tenant.site.credential_key },
    body: { user_id: "u-5", username: "deniz", fullname: "Deniz Ak", amount: 3425 },
  });
  return (res.json.data as Record<string, string>).payment_url!;
}

async function cardPaymentUrl(baseURL: string) {
  const tenant = await createTenant();
  await setDealerAcquirer(
    tenant.dealer.id,
    "sandbox-card",
    { merchantId: "Budget Bank", storeKey: sandboxStoreKey(), endpoint: `${baseURL}/sandbox/acquirer` },
    { label: "e2e" },
  );
  return (await cardPayment(baseURL, tenant)).payment_url!;
}

test("every payment page ships at most 150 KB of JavaScript, gzipped", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const pages = {
    "manual deposit": (await manualDeposit(baseURL!, await payingTenant(), 1500)).url,
    "card payment": await cardPaymentUrl(baseURL!),
    "gateway choice": await gatewayChoice(baseURL!),
  };
  const figures: string[] = [];
  for (const [name, url] of Object.entries(pages))
    for (const lang of ["tr", "en"] as const) {
      const { gzip, files } = await scriptBytes(browser, url, lang);
      figures.push(`${name} (${lang}): ${(gzip / 1000).toFixed(1)} KB in ${files} files`);
      expect.soft(gzip, `${name} (${lang})`).toBeLessThanOrEqual(BUDGET_BYTES);
    }
  console.log(`JavaScript on the payment pages, gzipped: ${figures.join("; ")}`);
});
