import { withDealerAcquirerNotification } from "@/lib/edge/http/with-acquirer-message";

/**
 * The dealer's own notification address, for acquirers that send all of an account's notifications to one URL (PayTR).
 */
export const POST = withDealerAcquirerNotification();
