import "../globals.css";
import { ConsoleLangProvider } from "@/components/console/console-lang";
import { consoleLang } from "@/lib/edge/i18n/console/server";

/** Every console page, signed in or not, tells its client components the operator's language. */
export default async function ConsoleLangLayout({ children }: { children: React.ReactNode }) {
  return <ConsoleLangProvider lang={await consoleLang()}>{children}</ConsoleLangProvider>;
}
