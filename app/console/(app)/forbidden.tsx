import type { Metadata } from "next";
import { MissingPage } from "@/components/console/missing-page";
import { currentConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).missing.forbiddenTitle };
}

/** A console page the signed-in role is not for (requireConsoleUser's forbidden()). */
export default async function ConsoleForbidden() {
  const [t, user] = await Promise.all([consoleMessages(), currentConsoleUser()]);
  return (
    <MissingPage
      title={t.missing.forbiddenTitle}
      body={t.missing.forbiddenBody(user ? t.roles[user.role] : "—")}
      t={t}
    />
  );
}
