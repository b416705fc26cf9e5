import { metricsEndpoint } from "@/lib/edge/http/metrics-endpoint";

export const GET = metricsEndpoint();
