import { serve } from "inngest/next";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { inngest, inngestEnabled } from "@/lib/domain/outbox/inngest-client";
import { functions } from "@/lib/domain/jobs/functions";

const handlers = serve({ client: inngest, functions });

type Handler = (typeof handlers)["GET"];

/** Served only when Inngest is configured; otherwise the same jobs run in-process (decisions §6). */
function whenEnabled(handler: Handler): Handler {
  return ((...args: Parameters<Handler>) =>
    inngestEnabled()
      ? handler(...args)
      : jsonResponse(
          { success: false, error: "Not found", message: "Inngest is not configured: background jobs run in-process." },
          404,
        )) as Handler;
}

export const GET = whenEnabled(handlers.GET);
export const POST = whenEnabled(handlers.POST);
export const PUT = whenEnabled(handlers.PUT);
