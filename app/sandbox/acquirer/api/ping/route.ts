import { jsonResponse } from "@/lib/edge/http/json-response";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { withSandboxSigned } from "@/lib/edge/http/with-sandbox-signed";

/** Answers a request signed with the store key: what "test connection" asks. */
export const POST = withSandboxSigned("card-acquirer", SANDBOX_SIGNATURE_HEADER, async () =>
  jsonResponse({ success: true }),
);
