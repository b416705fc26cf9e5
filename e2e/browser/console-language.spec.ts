import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "../support/accessibility";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { expect, test } from "../support/browser-test";

const html = (page: Page) => page.locator("html");
const nav = (page: Page, name: string) => page.getByRole("navigation", { name });
const switcher = (page: Page, name: string) => page.getByRole("group", { name });

/** The page fits the viewport's width: the header wraps and wide tables scroll inside their own box. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("an operator switches the console to Turkish, keeps it across pages and reloads, and switches back", async ({
  page,
  context,
}) => {
  await createTenant();
  await signIn(page, await consoleUser("admin"));
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(switcher(page, "Language").getByRole("button", { name: "EN" })).toHaveAttribute("aria-pressed", "true");

  await switcher(page, "Language").getByRole("button", { name: "TR" }).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(html(page)).toHaveAttribute("lang", "tr");
  await expect(page.getByRole("heading", { level: 1, name: "Genel bakış" })).toBeVisible();
  const menu = nav(page, "Konsol");
  for (const name of [
    "Genel bakış",
    "İşlemler",
    "Onaylar",
    "Kartlı ödemeler",
    "Sağlayıcılar",
    "Bayiler",
    "Callback'ler",
    "Denetim kaydı",
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("console-user")).toContainText("Yönetici");
  await expect(page.getByRole("button", { name: "Oturumu kapat" })).toBeVisible();
  const sites = page.getByRole("region", { name: "Siteler" });
  for (const name of ["Site", "Sağlayıcı", "Bayi", "Durum"])
    await expect(sites.getByRole("columnheader", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Onay kuyrukları" })).toContainText("karar bekliyor");
  expect((await context.cookies()).find((c) => c.name === "console_lang")).toMatchObject({
    value: "tr",
    path: "/console",
  });

  await menu.getByRole("link", { name: "İşlemler" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "İşlemler" })).toBeVisible();
  for (const name of ["Oluşturulma", "Takip kodu", "Yöntem", "Tür", "Durum", "Müşteri", "Tutar"]) {
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole("search", { name: "İşlemleri filtrele" }).getByRole("button", { name: "Filtrele" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "CSV dışa aktar" })).toBeVisible();

  await page.reload();
  await expect(html(page)).toHaveAttribute("lang", "tr");
  await expect(page.getByRole("heading", { level: 1, name: "İşlemler" })).toBeVisible();

  await nav(page, "Konsol").getByRole("link", { name: "Onaylar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Onaylar" })).toBeVisible();
  const queues = page.getByRole("navigation", { name: "Kuyruklar" });
  for (const name of [
    "İlgi bekleyenler",
    "Müşteri gönderdiğini bildirdi",
    "Karar bekleyen çekimler",
    "Ödemesi yapılan çekimler",
    "Yatırım sayfası açık",
  ]) {
    await expect(queues.getByRole("link", { name: new RegExp(`^${name} \\d+$`) })).toBeVisible();
  }

  // The switch returns to the page it was made on, filters included.
  await page.goto("/console/transactions?q=nothing-matches-this");
  await expect(page.getByText("Bu filtrelere uyan işlem yok.")).toBeVisible();
  await switcher(page, "Dil").getByRole("button", { name: "EN" }).click();
  await expect(page).toHaveURL(/\/console\/transactions\?q=nothing-matches-this$/);
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  await expect(page.getByText("No transactions match these filters.")).toBeVisible();
  await expect(nav(page, "Console").getByRole("link", { name: "Approvals" })).toBeVisible();
});

test("a Turkish browser without the cookie gets the sign-in page and the console in Turkish", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: "tr-TR" });
  const page = await context.newPage();
  try {
    const admin = await consoleUser("admin");
    await page.goto("/console/login");
    await expect(html(page)).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("heading", { level: 1, name: "Konsol girişi" })).toBeVisible();
    await expect(switcher(page, "Dil").getByRole("button", { name: "TR" })).toHaveAttribute("aria-pressed", "true");
    await expectNoSeriousViolations(page, "/console/login");

    // The sign-in form is a client component: its labels and its refusal come from the same choice.
    await page.getByLabel("E-posta").fill(admin.email);
    await page.getByLabel("Parola").fill("not-the-password");
    await page.getByRole("button", { name: "Giriş yap" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "E-posta veya parola hatalı" })).toHaveText(
      "E-posta veya parola hatalı ya da hesap devre dışı.",
    );

    await page.getByLabel("Parola").fill(admin.password);
    await page.getByRole("button", { name: "Giriş yap" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Genel bakış" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "console_lang")).toBe(false);
    await expectNoSeriousViolations(page, "admin: /console");

    // A server action answers in Turkish too, and the one-time secrets' copy buttons are Turkish.
    await nav(page, "Konsol").getByRole("link", { name: "Sağlayıcılar" }).click();
    const form = page.getByRole("region", { name: "Yeni sağlayıcı" });
    await form.getByLabel("Ad", { exact: true }).fill("Türk Sağlayıcı");
    await form.getByRole("button", { name: "Sağlayıcı oluştur" }).click();
    await expect(form.getByRole("status")).toContainText("oluşturuldu");
    await expect(
      form.getByRole("region", { name: "Yeni anahtarlar" }).getByRole("button", { name: "Kopyala: API anahtarı" }),
    ).toBeVisible();

    await switcher(page, "Dil").getByRole("button", { name: "EN" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Providers" })).toBeVisible();
    await expect(html(page)).toHaveAttribute("lang", "en");
  } finally {
    await context.close();
  }
});

test("the sign-in page switches language with a plain form post, without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto("/console/login");
    await expect(page.getByRole("heading", { level: 1, name: "Console sign in" })).toBeVisible();
    await switcher(page, "Language").getByRole("button", { name: "TR" }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    await expect(html(page)).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("heading", { level: 1, name: "Konsol girişi" })).toBeVisible();
    await switcher(page, "Dil").getByRole("button", { name: "EN" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Console sign in" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the Turkish console fits a tablet: the header wraps and tables scroll in their own box", async ({
  page,
  baseURL,
}) => {
  await createTenant();
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, await consoleUser("admin"));
  await page.context().addCookies([{ name: "console_lang", value: "tr", url: `${baseURL}/console` }]);
  for (const path of [
    "/console",
    "/console/transactions",
    "/console/approvals",
    "/console/deliveries",
    "/console/providers",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute("lang", "tr");
    await expectNoSidewaysScroll(page);
  }
  // Below 1024 px the grouped sections fold into the header's menu button; opened, they are all there.
  await expect(nav(page, "Konsol")).toBeHidden();
  await page.getByText("Menü", { exact: true }).click();
  await expect(nav(page, "Konsol")).toBeVisible();
  await expect(nav(page, "Konsol").getByRole("link", { name: "İşlemler", exact: true })).toBeVisible();
  await page.goto("/console/transactions");
  await expectNoSeriousViolations(page, "admin: /console/transactions");
});
