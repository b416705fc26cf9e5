import type { Metadata } from "next";
import { DocPage } from "@/components/docs/doc-page";
import { renderMarkdown } from "@/lib/edge/docs/render-guide";
import { renderLifecycleDoc } from "@/lib/domain/payment-methods/render-lifecycle";

export const metadata: Metadata = { title: "Transaction lifecycles" };

/** The lifecycle of every payment method, rendered from the same table the service enforces. */
export default async function LifecyclePage() {
  const { html, toc } = await renderMarkdown(renderLifecycleDoc());
  return <DocPage title="Transaction lifecycles" html={html} toc={toc} wide />;
}
