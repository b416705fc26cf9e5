import type { Instrumentation } from "next";

/**
 * The Next runtime's start: the configuration is read and checked once here too (lib/base/config/env.ts), so a
 * server started another way than scripts/server.ts (`next start`) refuses production's weak settings as well,
 * and the route handlers' config() is the one read at start-up. The build, which runs no server, is left out.
 */
export async function register(): Promise<void> {
  // Inside the condition, not after an early return: the development bundler compiles this file for the edge
  // runtime too, and only drops an import it can see is unreachable there (the configuration reads node:fs).
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { bootConfig } = await import("@/lib/base/config/env");
    bootConfig();
  }
}

/**
 * Errors Next catches itself (rendering a page, a server action, a route outside withApiErrors) are logged
 * through the service's pino logger with the request id scripts/server.ts gave the request, instead of Next's
 * own console format.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logger } = await import("@/lib/base/observability/logger");
  const requestId = request.headers["x-request-id"];
  const err =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack, digest: (error as { digest?: string }).digest }
      : { value: String(error) };
  logger.error(
    {
      request_id: Array.isArray(requestId) ? requestId[0] : requestId,
      method: request.method,
      path: request.path.split("?")[0],
      route: context.routePath,
      route_type: context.routeType,
      render_source: context.renderSource,
      err,
    },
    "unhandled error in Next",
  );
};
