import { currentConsoleUser, type ConsoleUser } from "@/lib/edge/auth/console-user";
import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import { withApiErrors, type RequestContext } from "@/lib/edge/http/with-api-errors";

type ConsoleHandler = (req: Request, user: ConsoleUser, ctx: RequestContext) => Promise<Response>;

/**
 * Console route handlers (downloads) follow the pages' rules: no session sends the browser to sign in, a
 * role without access gets the same 404 as a page that does not exist.
 */
export function withConsoleUser(roles: ConsoleRole[], handler: ConsoleHandler) {
  return withApiErrors(async (req, ctx) => {
    const user = await currentConsoleUser();
    if (!user)
      return new Response(null, { status: 303, headers: { location: "/console/login", "cache-control": "no-store" } });
    if (!roles.includes(user.role))
      return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    return handler(req, user, ctx);
  });
}
