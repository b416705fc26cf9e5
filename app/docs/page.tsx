import type { Metadata } from "next";
import { connection } from "next/server";
import { DocPage } from "@/components/docs/doc-page";
import { renderGuide } from "@/lib/edge/docs/render-guide";

export const metadata: Metadata = { title: "Integration guide" };

export default async function GuidePage() {
  await connection();
  const { html, toc } = await renderGuide();
  return <DocPage title="Integration guide" html={html} toc={toc} />;
}
