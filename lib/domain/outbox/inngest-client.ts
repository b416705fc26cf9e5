import { Inngest } from "inngest";
import { config } from "@/lib/base/config/env";

export const inngest = new Inngest({ id: "payment-integration-service" });

/** Inngest runs the jobs when an event key (Inngest Cloud) or INNGEST_DEV (dev/self-hosted) is set. */
export function inngestEnabled(): boolean {
  return Boolean(config().INNGEST_EVENT_KEY || config().INNGEST_DEV);
}

export const EVENTS = {
  deliveryDue: "callbacks/delivery.due",
  depositCreated: "deposits/created",
  cardPaymentCreated: "card-payments/created",
} as const;
