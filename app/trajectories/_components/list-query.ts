// The trajectory list's filters as they appear in the URL (`?outcome=failure&q=login`), shared
// by the page (lenient: a bad value is ignored), GET /api/trajectories (strict: 400) and the
// client table that writes them back to the URL.
import { z } from "zod";
import { OUTCOME_LABELS } from "@/lib/trajectory/schema";

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const text = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().min(1).max(max).optional());
const isoDate = z.preprocess(emptyToUndefined, z.iso.date({ message: "Dates are YYYY-MM-DD." }).optional());

export const listFiltersSchema = z.object({
  application: text(200),
  outcome: z.preprocess(emptyToUndefined, z.enum(OUTCOME_LABELS).optional()),
  format: text(100),
  from: isoDate,
  to: isoDate,
  q: text(500),
  hasErrors: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
});
export type ListFilters = z.infer<typeof listFiltersSchema>;
export const LIST_FILTER_KEYS = Object.keys(listFiltersSchema.shape) as (keyof ListFilters)[];

/** Rows per request; "Load more" fetches the next page of this size. */
export const LIST_PAGE_SIZE = 50;

/** Each filter parsed on its own, so one bad parameter does not drop the others. */
export function parseListFiltersLenient(params: Record<string, string | string[] | undefined>): ListFilters {
  const filters: ListFilters = {};
  for (const key of LIST_FILTER_KEYS) {
    const raw = params[key];
    const parsed = listFiltersSchema.shape[key].safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [key]: parsed.data });
  }
  return filters;
}

/** The same filters for lib/db/trajectory-queries (booleans instead of URL strings). */
export function toQueryFilters(filters: ListFilters) {
  const { hasErrors, ...rest } = filters;
  return { ...rest, hasErrors: hasErrors === undefined ? undefined : hasErrors === "true" };
}

export function hasActiveFilters(filters: ListFilters): boolean {
  return LIST_FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** A stable string for comparing filter sets (query keys, "is this what the server rendered?"). */
export function filtersKey(filters: ListFilters): string {
  return LIST_FILTER_KEYS.map((key) => `${key}=${filters[key] ?? ""}`).join("&");
}
