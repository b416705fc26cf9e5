import { jsonResponse } from "@/lib/edge/http/json-response";
import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { readiness } from "@/lib/edge/http/readiness";

export const GET = withApiErrors(async () => {
  const { ready, body } = await readiness();
  return jsonResponse(body, ready ? 200 : 503);
});
