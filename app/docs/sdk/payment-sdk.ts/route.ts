import { withApiErrors } from "@/lib/http/with-api-errors";
import { sdkDownload } from "@/lib/sdk/sdk-download";

/** The SDK as one TypeScript file to download (linked from /docs). */
export const GET = withApiErrors(() => sdkDownload());
