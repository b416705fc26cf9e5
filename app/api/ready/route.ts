import { jsonResponse } from "@/lib/http/json-response";
import { withApiErrors } from "@/lib/http/with-api-errors";
import { readiness } from "@/lib/http/readiness";

export const GET = withApiErrors(async () => {
  const { ready, body } = await readiness();
  return jsonResponse(body, ready ? 200 : 503);
});
