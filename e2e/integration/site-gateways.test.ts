import { describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { admin } from "../support/admin-cli";
import { paymentPageText, postPageForm } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";

/**
 * A site offers the gateways chosen for it (console and CLI), never the whole platform's: its deposit page
 * lists those, each described in the customer's language with its limits, and a post naming another
 * gateway is refused. New sites need a return URL.
 */

const baseUrl = inject("baseUrl");
const ADMIN = { label: "test" };

async function gateway(
  method: "BANK" | "CRYPTO",
  name: string,
  limits: { min: string; max: string },
  words: { en: string; tr: string },
) {
  const suffix = randomCodeGroup(6).toLowerCase();
  return saveGateway(
    undefined,
    {
      method,
      name: `${name} ${suffix}`,
      code: `${name.toLowerCase().replace(/\s+/g, "-")}-${suffix}`,
      minAmount: limits.min,
      maxAmount: limits.max,
      description: words.en,
      descriptionTr: words.tr,
      isActive: true,
      requiredFields: method === "CRYPTO" ? ["crypto_type", "wallet_address"] : ["iban", "account_holder"],
      supportedCryptoTypes: method === "CRYPTO" ? ["USDT-TRC20", "BTC"] : [],
    },
    ADMIN,
  );
}

async function deposit(t: Awaited<ReturnType<typeof createTenant>>, kind: "bank" | "crypto", amount: number) {
  const res = await signedRequest(baseUrl, `/api/provider/third-party/${kind}/start-deposit`, t.creds, {
    middle: [t.site.credential_key],
    headers: { "x-credential-key": t.site.credential_key },
    body: { user_id: "u-5", username: "deniz", fullname: "Deniz Ak", amount },
  });
  expect(res.status).toBe(200);
  return res.json.data as { tracking_code: string; payment_url: string };
}

describe("per-site gateways", () => {
  it("the page offers the site's gateways only, in the customer's language with their limits; another gateway is refused", async () => {
    const t = await createTenant();
    const ours = await gateway(
      "BANK",
      "Havale Ours",
      { min: "10", max: "1000000" },
      { en: "Instant bank transfer.", tr: "Anında havale." },
    );
    const theirs = await gateway(
      "BANK",
      "Havale Theirs",
      { min: "10", max: "1000000" },
      { en: "Not this site's.", tr: "Bu sitenin değil." },
    );
    const coins = await gateway(
      "CRYPTO",
      "Coins Small",
      { min: "10", max: "100" },
      { en: "Small crypto payments.", tr: "Küçük kripto ödemeleri." },
    );
    const set = admin("site:gateways", "--id", String(t.site.id), "--gateways", `${ours.id},${coins.id}`);
    expect(set.code, set.stderr).toBe(0);
    expect(set.json()).toEqual({ id: t.site.id, gateway_ids: [ours.id, coins.id].sort((a, b) => a - b) });

    const d = await deposit(t, "bank", 700);
    const tr = await paymentPageText(`${d.payment_url}?lang=tr`);
    expect(tr).toContain(ours.name);
    expect(tr).toContain("Anında havale.");
    expect(tr).not.toContain("Instant bank transfer.");
    expect(tr).toContain("10,00\u00a0TL – 1.000.000,00\u00a0TL arası");
    expect(tr).not.toContain(theirs.name);
    const en = await paymentPageText(`${d.payment_url}?lang=en`);
    expect(en).toContain("Instant bank transfer.");
    expect(en).toContain("10.00\u00a0TL to 1,000,000.00\u00a0TL");
    // The crypto tab, by its link: the site's crypto gateway is listed with its limits, but cannot take 700 TL.
    const crypto = await paymentPageText(`${d.payment_url}?lang=en&kind=crypto`);
    expect(crypto).toContain(coins.name);
    expect(crypto).toContain("Not available for this amount");

    // A post naming a gateway the site does not offer (or its coin list's) is refused, nothing changes.
    const refused = await postPageForm(d.payment_url, "en", (b) => b.includes("Continue"), {
      choose: { gateway: String(theirs.id) },
    });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain("This provider cannot take this payment now");
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: d.tracking_code } })).status).toBe(
      "showing",
    );
    expect(
      (await postPageForm(d.payment_url, "en", (b) => b.includes("Continue"), { choose: { gateway: String(ours.id) } }))
        .status,
    ).toBe(200);
    const chosen = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: d.tracking_code } });
    expect(chosen).toMatchObject({ status: "pending", gatewayId: ours.id });
  }, 90_000);

  it("a crypto gateway's coin is one choice: gateway and coin are posted together, without scripts", async () => {
    const t = await createTenant();
    const coins = await gateway("CRYPTO", "Coins", { min: "10", max: "1000000" }, { en: "Crypto.", tr: "Kripto." });
    admin("site:gateways", "--id", String(t.site.id), "--gateways", String(coins.id));
    const d = await deposit(t, "crypto", 3425);
    const res = await postPageForm(d.payment_url, "en", (b) => b.includes("Continue"), {
      choose: { gateway: `${coins.id}:BTC` },
    });
    expect(res.status).toBe(200);
    const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: d.tracking_code } });
    expect(row).toMatchObject({
      status: "pending",
      gatewayId: coins.id,
      accountDetails: expect.objectContaining({ crypto_type: "BTC" }),
    });
  }, 60_000);

  it("a site without gateways offers none", async () => {
    const t = await createTenant();
    await gateway("BANK", "Havale Elsewhere", { min: "10", max: "1000000" }, { en: "Elsewhere.", tr: "Başka yer." });
    const d = await deposit(t, "bank", 700);
    expect(await paymentPageText(`${d.payment_url}?lang=en`)).toContain(
      "No provider of this kind can take this amount",
    );
  });
});

describe("sites from the CLI", () => {
  it("site:create needs a return URL; legal name, logo and gateways are set with it and listed", async () => {
    const t = await createTenant();
    const missing = admin(
      "site:create",
      "--provider",
      String(t.provider.id),
      "--dealer",
      String(t.dealer.id),
      "--name",
      "No Way Back",
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("return URL is required");
    const bad = admin(
      "site:create",
      "--provider",
      String(t.provider.id),
      "--dealer",
      String(t.dealer.id),
      "--name",
      "Bad",
      "--return-url",
      "ftp://x",
      "--logo-url",
      "javascript:1",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("return URL must be an http:// or https:// address");
    expect(bad.stderr).toContain("logo URL must be an http:// or https:// address");
    const g = await gateway("BANK", "Listed", { min: "10", max: "500" }, { en: "Listed.", tr: "Listelenen." });
    const made = admin(
      "site:create",
      ...["--provider", String(t.provider.id), "--dealer", String(t.dealer.id), "--name", "Way Back"],
      ...[
        "--return-url",
        "https://casino.example/wallet",
        "--legal-name",
        "Casino Eğlence A.Ş.",
        "--logo-url",
        "https://casino.example/logo.svg",
        "--gateways",
        String(g.id),
      ],
    );
    expect(made.code, made.stderr).toBe(0);
    const id = made.json<{ id: number }>().id;
    const listed = admin("site:list", "--provider", String(t.provider.id))
      .json<{ sites: Record<string, unknown>[] }>()
      .sites.find((s) => s.id === id);
    expect(listed).toMatchObject({
      return_url: "https://casino.example/wallet",
      legal_name: "Casino Eğlence A.Ş.",
      logo_url: "https://casino.example/logo.svg",
      gateway_ids: [g.id],
    });
    const updated = admin(
      "site:update",
      "--id",
      String(id),
      "--legal-name",
      "",
      "--return-url",
      "https://casino.example/back",
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json()).toMatchObject({ legal_name: null, return_url: "https://casino.example/back" });
  }, 120_000);
});
