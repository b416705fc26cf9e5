import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { sdkDownload } from "@/lib/api/sdk/sdk-download";

/** The SDK as one TypeScript file to download (linked from /docs). */
export const GET = withApiErrors(() => sdkDownload());
