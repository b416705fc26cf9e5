import type { Metadata } from "next";
import { MissingPage } from "@/components/console/missing-page";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).missing.notFoundTitle };
}

/** A console page or record that does not exist, or lies outside the user's tenancy (never told apart). */
export default async function ConsoleNotFound() {
  const t = await consoleMessages();
  return <MissingPage title={t.missing.notFoundTitle} body={t.missing.notFoundBody} t={t} />;
}
