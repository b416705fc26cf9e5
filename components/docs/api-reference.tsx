"use client";

import { useEffect, useRef, useState } from "react";
import "swagger-ui-dist/swagger-ui.css";

type SwaggerUi = (options: Record<string, unknown>) => unknown;

/**
 * Swagger UI from the npm bundle (no CDN), reading our OpenAPI document. "Try it out" is off: requests
 * need an X-Hash computed with the secret key, which a browser page must not hold.
 */
export function ApiReference({ url }: { url: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import("swagger-ui-dist/swagger-ui-es-bundle.js")
      .then((module: { default: SwaggerUi }) => {
        if (cancelled || !container.current) return;
        module.default({
          domNode: container.current,
          url,
          deepLinking: true,
          docExpansion: "list",
          defaultModelsExpandDepth: 0,
          supportedSubmitMethods: [],
          validatorUrl: null,
          displayOperationId: true,
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [url]);

  if (failed) {
    return (
      <p role="alert" className="p-6 text-red-700">
        The reference viewer could not load. The document itself is at <a href={url}>{url}</a>.
      </p>
    );
  }
  return <div ref={container} data-testid="api-reference" className="min-h-[60vh]" />;
}
