import { notFound } from "next/navigation";

/** The numeric id of a dynamic console route; anything else is a 404, like an id outside the tenancy. */
export async function routeId(params: Promise<{ id: string }>): Promise<number> {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id) || Number(id) <= 0) notFound();
  return Number(id);
}
