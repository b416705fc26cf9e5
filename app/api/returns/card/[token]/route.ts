import { withAcquirerReturn } from "@/lib/edge/http/with-acquirer-message";

/** Where acquirers send the customer's browser back: a form post (EST, iyzico) or a redirect with fields. */
export const GET = withAcquirerReturn();
export const POST = withAcquirerReturn();
