import { Badge, type BadgeTone } from "@/components/ui/badge";
import { CollapsibleText } from "@/components/trajectories/collapsible-text";
import { formatJson } from "@/components/trajectories/json-view";
import { LocalTime } from "@/components/trajectories/local-time";
import type { TipEventView } from "./types";

const TYPE_TONE: Record<string, BadgeTone> = {
  approved: "success",
  auto_approved: "success",
  edited_and_approved: "success",
  rejected: "danger",
  undone: "warning",
};

/** Append-only history, newest first: who did what, when, and each touched field before → after. */
export function TipHistory({ events }: { events: TipEventView[] }) {
  return (
    <section aria-labelledby="tip-history-heading" data-testid="tip-history">
      <h3 id="tip-history-heading" className="mb-1.5 text-xs font-semibold text-zinc-700">
        History <span className="font-normal text-zinc-400">({events.length})</span>
      </h3>
      {events.length === 0 ? (
        <p className="text-xs text-zinc-500">No recorded changes.</p>
      ) : (
        <ol className="space-y-2 border-l border-zinc-200 pl-3">
          {events.map((event) => (
            <li key={event.id} data-testid="tip-event" data-type={event.type} className="text-xs">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                <Badge tone={TYPE_TONE[event.type] ?? "neutral"}>{event.type.replaceAll("_", " ")}</Badge>
                <span className="font-medium text-zinc-800" data-testid="tip-event-actor">{event.actor}</span>
                <LocalTime iso={event.createdAt} className="text-zinc-500" />
              </div>
              {event.note ? <p className="mt-0.5 break-words whitespace-pre-wrap text-zinc-600">“{event.note}”</p> : null}
              <Changes before={event.before} after={event.after} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const INLINE_CHARS = 60;

function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => formatJson(b[key]) !== formatJson(a[key]));
  if (keys.length === 0) return null;
  return (
    <dl className="mt-1 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-2 gap-y-1">
      {keys.map((key) => {
        const from = key in b ? display(b[key]) : null;
        const to = display(a[key]);
        const isShort = (from ?? "").length + to.length < INLINE_CHARS && !`${from}${to}`.includes("\n");
        return (
          <div key={key} className="contents" data-testid="tip-event-change" data-field={key}>
            <dt className="font-mono text-zinc-500">{key}</dt>
            {isShort ? (
              <dd className="min-w-0 break-words">
                {from !== null ? <span className="text-red-800 line-through decoration-red-300">{from}</span> : null}
                {from !== null ? <span className="text-zinc-400"> → </span> : null}
                <span className="text-emerald-800">{to}</span>
              </dd>
            ) : (
              <dd className="min-w-0 space-y-0.5">
                {from !== null ? <Value label="before" text={from} className="bg-red-50 text-red-900" /> : null}
                <Value label="after" text={to} className="bg-emerald-50 text-emerald-900" />
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}

function Value({ label, text, className }: { label: string; text: string; className: string }) {
  return (
    <div className={`rounded px-1.5 py-0.5 ${className}`}>
      <span className="sr-only">{label}: </span>
      <CollapsibleText text={text} maxLines={4} maxChars={400} className="[&>div]:text-xs" />
    </div>
  );
}

function display(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.map((item, index) => `${index + 1}. ${formatJson(item)}`).join("\n");
  return formatJson(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
