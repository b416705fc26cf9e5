import { buildOpenApiDocument } from "@/lib/edge/openapi/build-openapi-document";
import { settings } from "@/lib/base/config/settings";
import packageJson from "@/package.json";

/** Built per request: the server URL is the deployment's PUBLIC_BASE_URL, not the build machine's. */
export const dynamic = "force-dynamic";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The OpenAPI 3.1 document of both APIs; public, like the documentation it renders. Built once per process. */
export function GET() {
  document ??= buildOpenApiDocument({ serverUrl: settings.publicBaseUrl, version: packageJson.version });
  return Response.json(document, { headers: { "cache-control": "public, max-age=300" } });
}
