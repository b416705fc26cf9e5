import { EVENTS } from "@/lib/domain/outbox/inngest-client";
import { expiryFunction } from "./expiry-function";

/** 15 minutes after creation a card payment still pending fails with error_code TIMEOUT. */
export const expireCard = expiryFunction("expire-card", EVENTS.cardPaymentCreated, "wait-15-minutes");
