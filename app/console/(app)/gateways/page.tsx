import type { Metadata } from "next";
import { GatewayForm } from "@/components/console/gateway-form";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { prisma } from "@/lib/db/prisma";

export const metadata: Metadata = { title: "Gateways" };

export default async function GatewaysPage() {
  await requireConsoleUser(["ADMIN"]);
  const gateways = await prisma.gateway.findMany({ orderBy: [{ method: "asc" }, { id: "asc" }] });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Third-party gateways</h1>
      <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 className="mb-3 font-medium">New gateway</h2>
        <GatewayForm />
      </section>
      {gateways.map((g) => (
        <section key={g.id} aria-label={g.name} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="mb-3 font-medium">
            #{g.id} {g.name} <span className="text-sm font-normal text-slate-500">({g.isActive ? "active" : "inactive"})</span>
          </h2>
          <GatewayForm gateway={g} />
        </section>
      ))}
    </div>
  );
}
