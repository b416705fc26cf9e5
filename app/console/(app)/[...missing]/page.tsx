import { notFound } from "next/navigation";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";

/** A mistyped console address: signed-in users get the console's own not-found page, others the sign-in. */
export default async function UnknownConsolePage() {
  await requireConsoleUser();
  notFound();
}
