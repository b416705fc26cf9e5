import { timePhase } from "@/lib/base/observability/request-phases";

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return timePhase(
    "response",
    () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
      }),
  );
}
