import { expect, test } from "../support/browser-test";

/** Fails the page's requests to anything but our own server, and remembers them. */
async function offline(page: import("@playwright/test").Page, baseURL: string) {
  const outside: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(baseURL) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    outside.push(url);
    return route.abort("internetdisconnected");
  });
  return outside;
}

test("the API reference renders every endpoint and the callbacks without network access", async ({ page, baseURL }) => {
  const outside = await offline(page, baseURL!);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/docs/reference");
  const reference = page.getByTestId("api-reference");
  await expect(reference.getByRole("heading", { name: /Payment Integration Service API/ })).toBeVisible();
  await expect(reference.getByText("/api/provider/start-manual-deposit", { exact: true })).toBeVisible();
  await expect(reference.getByText("/api/dealer/send-money", { exact: true })).toBeVisible();
  await expect(reference.getByRole("heading", { name: "Webhooks" })).toBeVisible();

  await reference.getByText("/api/provider/sites", { exact: true }).click();
  await expect(reference.getByText(/H\(api_key \+ secret_key \+ key \+ timestamp\)/)).toBeVisible();
  await expect(reference.locator('tr[data-param-name="X-Key"]')).toBeVisible();
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});

test("the guide shows the hash formulas with worked examples and links to the reference", async ({ page, baseURL }) => {
  const outside = await offline(page, baseURL!);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Integration guide", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "2. Signing a request" })).toBeVisible();
  await expect(
    page.getByText("X-Hash = 484ece6ccc112ce3339f1c16df82965c504981492b3df7cdeb9b00108a594ca3"),
  ).toBeVisible();
  await page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/reference$/);
  const document = await page.request.get("/api/openapi.json");
  expect((await document.json()).openapi).toBe("3.1.0");
  expect(outside).toEqual([]);
});
