import { withCardStep } from "@/lib/edge/pay/with-card-step";

/** Performs the acquirer's checkout step (form post, markup, frame) for a pending card payment. */
export const GET = withCardStep();
