import { deliverCallback } from "./deliver-callback";
import { expireCard } from "./expire-card";
import { expireDeposit } from "./expire-deposit";
import { sweep } from "./sweep";

/** Every Inngest function, served at /api/inngest. */
export const functions = [deliverCallback, expireDeposit, expireCard, sweep];
