import { withAcquirerNotification } from "@/lib/edge/http/with-acquirer-message";

/** A card acquirer's server-to-server notification about one payment, verified by the dealer's connector. */
export const POST = withAcquirerNotification();
