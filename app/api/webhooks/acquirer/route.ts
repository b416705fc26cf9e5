import { withOrderNotification } from "@/lib/edge/http/with-acquirer-message";

/** The sandbox acquirer's notification by order id, verified by the dealer's connector; repeats change nothing. */
export const POST = withOrderNotification();
