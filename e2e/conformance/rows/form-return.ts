import { expect } from "vitest";
import type { PageForm } from "../../simulators/est-v3/browser";
import { postReturn } from "../../support/card-journey";
import type { AppOrigin, CardPayment, HeldMessage } from "../types";

/** A field-level change of a return's fields, as a forger makes it. */
export type Tamper = (fields: [string, string][]) => [string, string][];
export const setField =
  (name: string, value: string): Tamper =>
  (fields) =>
    fields.map(([n, v]): [string, string] => [n, n === name ? value : v]);
export const dropField =
  (name: string): Tamper =>
  (fields) =>
    fields.filter(([n]) => n !== name);

/** What a partner's page posts to the browser's return URL: the page's form, as the customer's browser posts it. */
export type OpenedPage = { form: PageForm; url: string; payment: CardPayment; app: AppOrigin };

/**
 * The partner's answer page's form, held: delivered to our return URL as the browser posts it, altered by each
 * tampering. Our return URL answers every one alike (303 to the payment page), so a forger learns nothing; the
 * journey checks what was recorded.
 */
export function heldFormReturn(
  back: PageForm | null,
  opened: OpenedPage,
  tampers: Record<string, Tamper>,
): HeldMessage {
  expect(back, "the partner's page sends the customer back with a form").not.toBeNull();
  const { payment: p, app } = opened;
  expect(back!.action).toBe(`${app.baseUrl}/api/returns/card/${p.token}?lang=en`);
  const post = async (tamper?: Tamper) => {
    const res = await postReturn(back!, tamper);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${app.baseUrl}/pay/${p.token}?lang=en`);
  };
  return {
    deliver: () => post(),
    forgeries: () => Object.entries(tampers).map(([name, tamper]) => ({ name, deliver: () => post(tamper) })),
    release: async () => {},
  };
}
