// The review queue's filters as they appear in the URL (`?status=all&category=recovery&trajectory=…`),
// shared by the page (lenient: a bad value is ignored), GET /api/tips (strict: 400) and the
// client queue that writes them back to the URL.
import { z } from "zod";
import { SOURCE_OUTCOMES, TIP_CATEGORIES, TIP_GRANULARITIES, TIP_ORIGINS, TIP_PRIORITIES, TIP_STATUSES } from "@/components/tips/types";

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

/** The tabs: a status, or every status. No `status` in the URL means "proposed" (the queue). */
export const REVIEW_TABS = ["proposed", "approved", "rejected", "all"] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

export const reviewFiltersSchema = z.object({
  status: optional(z.enum([...TIP_STATUSES, "all"])),
  category: optional(z.enum(TIP_CATEGORIES)),
  priority: optional(z.enum(TIP_PRIORITIES)),
  application: optional(z.string().trim().min(1).max(200)),
  granularity: optional(z.enum(TIP_GRANULARITIES)),
  extractor: optional(z.enum(TIP_ORIGINS)),
  outcome: optional(z.enum(SOURCE_OUTCOMES)),
  trajectory: optional(z.uuid({ message: "Trajectory ids are UUIDs." })),
  flagged: optional(z.enum(["true", "false"])),
  q: optional(z.string().trim().min(1).max(500)),
});
export type ReviewFilters = z.infer<typeof reviewFiltersSchema>;
export const REVIEW_FILTER_KEYS = Object.keys(reviewFiltersSchema.shape) as (keyof ReviewFilters)[];
/** Everything but the status tab: what "Clear filters" clears. */
export const NARROWING_KEYS = REVIEW_FILTER_KEYS.filter((key) => key !== "status");

export const REVIEW_PAGE_SIZE = 50;

/** Each filter parsed on its own, so one bad parameter does not drop the others. */
export function parseReviewFiltersLenient(params: Record<string, string | string[] | undefined>): ReviewFilters {
  const filters: ReviewFilters = {};
  for (const key of REVIEW_FILTER_KEYS) {
    const raw = params[key];
    const parsed = reviewFiltersSchema.shape[key].safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [key]: parsed.data });
  }
  return filters;
}

/** The same filters for lib/db/tip-queries `listTips`. */
export function toTipListFilters(filters: ReviewFilters) {
  const status = filters.status ?? "proposed";
  return {
    status: status === "all" ? undefined : status,
    category: filters.category,
    priority: filters.priority,
    application: filters.application,
    granularity: filters.granularity,
    origin: filters.extractor,
    sourceOutcome: filters.outcome,
    trajectoryId: filters.trajectory,
    flagged: filters.flagged === undefined ? undefined : filters.flagged === "true",
    q: filters.q,
  };
}

export function hasNarrowingFilters(filters: ReviewFilters): boolean {
  return NARROWING_KEYS.some((key) => filters[key] !== undefined);
}

/** A stable string for query keys. */
export function reviewFiltersKey(filters: ReviewFilters): string {
  return REVIEW_FILTER_KEYS.map((key) => `${key}=${filters[key] ?? ""}`).join("&");
}
