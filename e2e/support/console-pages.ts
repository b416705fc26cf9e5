import type { Browser, BrowserContext, Page } from "@playwright/test";
import { signIn, type ConsoleCredentials } from "./console-users";
import { prisma } from "@/lib/base/db/prisma";
import type { seedConsoleWorld } from "./console-world";

/** Every console page an admin can open, with the world's records for the detail pages. */
export async function consolePages(world: Awaited<ReturnType<typeof seedConsoleWorld>>): Promise<string[]> {
  const delivery = await prisma.callbackDelivery.findFirstOrThrow({ where: { transactionId: world.noUrl.id } });
  return [
    "/console",
    "/console/transactions",
    `/console/transactions/${world.approved.id}`,
    `/console/transactions/${world.latePayment.id}`,
    "/console/approvals?tab=attention",
    "/console/approvals?tab=sent",
    "/console/approvals?tab=withdrawals",
    "/console/approvals?tab=paying",
    "/console/approvals?tab=open",
    "/console/card-payments",
    "/console/eiban-wallets",
    "/console/bank-accounts",
    "/console/balances",
    "/console/statements",
    `/console/statements?providerId=${world.tenant.provider.id}&dealerId=${world.tenant.dealer.id}`,
    // An admin's settlement review: the confirmation naming the amount and the parties.
    `/console/statements?providerId=${world.tenant.provider.id}&dealerId=${world.tenant.dealer.id}&settle=review&direction=TO_PROVIDER&amount=100,00&reference=PAGE-CHECK&paidOn=2026-01-02`,
    "/console/providers",
    `/console/providers/${world.tenant.provider.id}`,
    "/console/dealers",
    `/console/dealers/${world.tenant.dealer.id}`,
    "/console/sites",
    "/console/blocked-customers",
    "/console/gateways",
    "/console/users",
    "/console/deliveries",
    `/console/deliveries/${delivery.id}`,
    "/console/audit",
    "/console/no-such-page",
  ];
}

/** The console language is the switcher's cookie; setting it directly skips a page load per test. */
export async function setConsoleLanguage(context: BrowserContext, baseURL: string, lang: "en" | "tr") {
  await context.addCookies([{ name: "console_lang", value: lang, url: `${baseURL}/console` }]);
}

/**
 * A console page signed in as `creds`, in `lang`, at `width` (a phone's viewport and touch under 500 px): the
 * context a browser spec checks a console page in at 390 and 1280 px.
 */
export async function consolePageAt(
  browser: Browser,
  baseURL: string,
  creds: ConsoleCredentials,
  lang: "en" | "tr",
  width: number,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const phone = width < 500;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    isMobile: phone,
    hasTouch: phone,
    baseURL,
  });
  const page = await context.newPage();
  await signIn(page, creds, null);
  await setConsoleLanguage(context, baseURL, lang);
  return { page, close: () => context.close() };
}
