import { existsSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { expect, inject } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { startCallbackReceiver } from "../support/callback-receiver";
import { startProductionServer } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { CHROMIUM_ARGS, chromiumPath } from "../support/chromium";
import type { AppServer } from "../support/test-stack";
import type { AppOrigin } from "./types";

/**
 * What every row of a conformance file shares: one callback receiver, the app servers (started once, on first
 * use) and one browser. A row with a real partner runs on a production build with the sandbox off, all such
 * rows on the same server; a connector that is one of the service's own sandboxes (`sandboxOnly`) can only
 * run where the sandbox is on: the run's main server.
 */

export type Receiver = Awaited<ReturnType<typeof startCallbackReceiver>>;
export type Tenant = Awaited<ReturnType<typeof createTenant>>;

let receiver: Promise<Receiver> | null = null;
let productionServer: Promise<AppServer> | null = null;
let browser: Promise<Browser> | null = null;

export function callbacks(): Promise<Receiver> {
  receiver ??= startCallbackReceiver();
  return receiver;
}

/** The server a row's journeys run on: the shared sandbox-off production server, or the run's main one. */
export async function appFor(sandboxOnly: boolean): Promise<AppOrigin> {
  if (sandboxOnly) return { baseUrl: inject("baseUrl") };
  productionServer ??= startProductionServer(inject("stackEnv"));
  return { baseUrl: (await productionServer).baseUrl };
}

/** Chromium (Debian's, as the browser tests use it), started for the first browser journey. */
export function chromiumBrowser(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return browser;
}

export async function closeWorld(): Promise<void> {
  const [b, s, r] = [browser, productionServer, receiver];
  browser = productionServer = receiver = null;
  await (await b?.catch(() => null))?.close();
  await (await s?.catch(() => null))?.stop();
  await (await r?.catch(() => null))?.close();
}

/** A provider, a dealer without an acquirer and a site, calling back to the shared receiver. */
export async function newTenant(): Promise<Tenant> {
  const r = await callbacks();
  return createTenant({ acquirer: null, callbackUrl: r.url, dealerCallbackUrl: r.url });
}

/** A transaction with its history, by tracking code. */
export const transaction = (code: string) =>
  prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code }, include: { events: true } });

/** The cards recorded on the payment's attempts (brand and last four), oldest attempt first: none where none was. */
export async function cardsShown(code: string): Promise<{ brand: string | null; last4: string }[]> {
  const attempts = await prisma.cardAttempt.findMany({
    where: { transaction: { trackingCode: code }, cardLast4: { not: null } },
    orderBy: { number: "asc" },
    select: { cardBrand: true, cardLast4: true },
  });
  return attempts.map((a) => ({ brand: a.cardBrand, last4: a.cardLast4! }));
}

/** Waits until `what` holds (polling), or fails naming it. */
export async function until(what: () => boolean | Promise<boolean>, name: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !(await what());) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${name}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A journey that runs past a transaction's expiry: it is moved into the past, and the server's expiry job ends it. */
export async function expireNow(code: string): Promise<void> {
  await prisma.transaction.update({ where: { trackingCode: code }, data: { expiresAt: new Date(Date.now() - 1000) } });
}

/** Nothing happened to a transaction: its status, only its first history row, no callback queued. */
export async function untouched(code: string, status: string): Promise<void> {
  const t = await transaction(code);
  expect(t.status, `${code} unchanged`).toBe(status);
  expect(t.events, `${code} has no history beyond its creation`).toHaveLength(1);
  expect(await prisma.callbackDelivery.count({ where: { trackingCode: code } })).toBe(0);
}

/** Exactly one callback for the transaction, now and a moment later. */
export async function oneCallback(code: string): Promise<void> {
  const r = await callbacks();
  await r.forTrackingCode(code);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await prisma.callbackDelivery.count({ where: { trackingCode: code } })).toBe(1);
  expect(r.received.filter((c) => c.body.tracking_code === code)).toHaveLength(1);
}

/** Prints, once per row, what the row says does not apply to its partner and why. */
export function sayNotApplicable(kind: string, name: string, journey: string, reason: string): void {
  console.info(`conformance: ${kind} ${name}: "${journey}" does not apply: ${reason}`);
}

/** A row's simulator folder holds its simulator (server.ts): a row naming none fails every journey of its connector. */
export function expectSimulator(folder: string): void {
  expect(
    existsSync(path.resolve(import.meta.dirname, "../..", folder, "server.ts")),
    `${folder}/server.ts, the row's simulator`,
  ).toBe(true);
}
