import { EVENTS } from "@/lib/domain/outbox/inngest-client";
import { expiryFunction } from "./expiry-function";

/** Sleeps until expires_at, then expires the deposit if it is still showing (a no-op otherwise). */
export const expireDeposit = expiryFunction("expire-deposit", EVENTS.depositCreated, "wait-for-expiry");
