import { Inngest } from "inngest";

export const inngest = new Inngest({ id: "payment-integration-service" });

/** Inngest runs the jobs when an event key (Inngest Cloud) or INNGEST_DEV (dev/self-hosted) is set. */
export function inngestEnabled(): boolean {
  return Boolean(process.env.INNGEST_EVENT_KEY || process.env.INNGEST_DEV);
}

export const EVENTS = {
  deliveryDue: "callbacks/delivery.due",
  depositCreated: "deposits/created",
  cardPaymentCreated: "card-payments/created",
} as const;
