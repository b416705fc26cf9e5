import { notFound } from "next/navigation";

/** The numeric id of a dynamic console route; anything else is a 404, like an id outside the tenancy. */
export async function routeId(params: Promise<{ id: string }>): Promise<number> {
  const { id } = await params;
  // Any positive PostgreSQL integer; longer or larger values cannot name a row.
  if (!/^\d{1,10}$/.test(id) || Number(id) <= 0 || Number(id) > 2_147_483_647) notFound();
  return Number(id);
}
