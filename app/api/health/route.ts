import { jsonResponse } from "@/lib/edge/http/json-response";

const started = Date.now();

/** Liveness: the process answers. No dependencies are checked here (see /api/ready). */
export function GET() {
  return jsonResponse({ status: "ok", uptime_s: Math.round((Date.now() - started) / 1000) });
}
