import { ApiError } from "@/lib/edge/http/api-error";
import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { cardStepDocument, loadCardStep } from "./card-step-document";

export function withCardStep() {
  return withApiErrors(async (req, { params }) => {
    const token = String(params.token);
    const step = await loadCardStep(token);
    if (!step) throw ApiError.plain(404, "Not found", "No card checkout step is waiting for this payment.");
    return cardStepDocument(step, new URL(req.url).searchParams.get("lang") === "tr" ? "tr" : "en", token);
  });
}
