import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { prisma } from "@/lib/db/prisma";
import { defaultApiRateLimit } from "@/lib/ops/enforce-api-rate-limit";
import { providerSettingsAction } from "./actions";

export const metadata: Metadata = { title: "Providers" };

export default async function ProvidersPage() {
  await requireConsoleUser(["ADMIN"]);
  const providers = await prisma.provider.findMany({ orderBy: { id: "asc" }, include: { _count: { select: { sites: true } } } });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Providers</h1>
      {providers.map((p) => (
        <section key={p.id} aria-label={p.name} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="font-medium">
            #{p.id} {p.name} <span className="text-sm font-normal text-slate-500">· {p.isActive ? "active" : "inactive"} · {p._count.sites} sites · API key {p.apiKey}</span>
          </h2>
          <p className="mb-3 text-sm text-slate-600">IP whitelist: {p.ipWhitelist.join(", ") || "empty (every IP refused)"}</p>
          <ActionForm action={providerSettingsAction} submitLabel="Save settings">
            <input type="hidden" name="id" value={p.id} />
            <TextField label={`Requests per minute (default ${defaultApiRateLimit()})`} name="rateLimitPerMinute" defaultValue={p.rateLimitPerMinute ?? ""} inputMode="numeric" className="w-64" />
            <TextField label="Origins that may frame payment pages" name="embedOrigins" defaultValue={p.embedOrigins.join(" ")} placeholder="https://casino.example" className="w-96" />
          </ActionForm>
        </section>
      ))}
    </div>
  );
}
