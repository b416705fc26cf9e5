import { expect } from "vitest";
import { pressPayByCard } from "../support/card-journey";
import { signedRequest } from "../support/signed-request";
import type { AppOrigin, CardPartner, CardPayment, HeldMessage } from "./types";
import type { Tenant } from "./world";

/** Card payments as the journeys make them: through the provider or dealer API, then "Pay by card" and the partner's page. */

export const customer = {
  username: "ayse.k",
  user_id: "u-9",
  firstname: "Ayşe",
  lastname: "Kaya",
  email: "ayse@example.com",
  phone: "+905551112233",
};

export function asPayment(app: AppOrigin, data: unknown): CardPayment {
  const p = data as Omit<CardPayment, "token">;
  expect(p.payment_url.startsWith(`${app.baseUrl}/pay/`), p.payment_url).toBe(true);
  return { ...p, token: p.payment_url.split("/pay/")[1]! };
}

/** A provider's card payment of `amount` through the API. */
export async function cardPayment(app: AppOrigin, t: Tenant, amount = 150): Promise<CardPayment> {
  const res = await signedRequest(app.baseUrl, "/api/provider/credit-card/payment", t.creds, {
    body: { credential_key: t.site.credential_key, ...customer, amount },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return asPayment(app, res.json.data);
}

/** "Pay by card" on our page, the partner's page, the customer's card: what the partner then sends, held. */
export async function payAt(
  w: { partner: CardPartner; app: AppOrigin },
  p: CardPayment,
  card: "approve" | "decline",
): Promise<HeldMessage> {
  const page = await w.partner.open(await pressPayByCard(p.payment_url), p, w.app);
  return w.partner.pay(page, card);
}
