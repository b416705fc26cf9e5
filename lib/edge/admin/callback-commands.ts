import { resendDelivery } from "@/lib/domain/callbacks/resend-delivery";
import { sendTestCallback, TEST_TARGETS, type TestTarget } from "@/lib/domain/callbacks/send-test-callback";
import { DomainError } from "@/lib/base/errors/domain-error";
import { optionalId, positiveInt, type Commands } from "./command";
import { refusal } from "@/lib/base/messages/errors";

/** Callback deliveries: the console's resend and test-callback buttons. */
export const CALLBACK_COMMANDS: Commands = {
  "callback:resend": {
    usage: "--id DELIVERY_ID",
    flags: ["id"],
    run: ({ flags }, actor) => resendDelivery(positiveInt(flags.id, "id"), actor),
  },
  "callback:test": {
    usage: `--target ${TEST_TARGETS.join("|")} (--provider ID | --dealer ID)`,
    flags: ["target", "provider", "dealer"],
    run: ({ flags }, actor) => {
      if (!TEST_TARGETS.includes(flags.target as TestTarget))
        throw DomainError.validation([refusal("targetOneOf", { names: TEST_TARGETS.join(", ") })]);
      return sendTestCallback(
        {
          target: flags.target as TestTarget,
          providerId: optionalId(flags.provider, "provider"),
          dealerId: optionalId(flags.dealer, "dealer"),
        },
        actor,
      );
    },
  },
};
