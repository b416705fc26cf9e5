/**
 * The query string of a filtered console view, without empty filters and without page 1, so links stay short
 * and an export link carries exactly the filters the list shows.
 */
export function filtersQuery(
  filters: Record<string, string | number | undefined>,
  overrides: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...overrides })) {
    if (value === undefined || value === "") continue;
    if (key === "page" && Number(value) === 1) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}
