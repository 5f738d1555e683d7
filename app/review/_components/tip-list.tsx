"use client";

import { useEffect } from "react";
import { cn } from "@/components/ui/cn";
import { CategoryBadge, ORIGIN_LABEL, PriorityBadge, StatusBadge } from "@/components/tips/tip-badges";
import { FlagCount } from "@/components/tips/tip-flags";
import type { TipListItem } from "@/components/tips/types";

type TipListProps = {
  items: TipListItem[];
  selectedId: string | null;
  checked: ReadonlySet<string>;
  showStatus: boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
};

/** The queue (left): one row per tip; click or j / k selects, the checkbox (or x) adds it to the bulk selection. */
export function TipList({ items, selectedId, checked, showStatus, onSelect, onToggle, onToggleAll }: TipListProps) {
  useEffect(() => {
    if (!selectedId) return;
    document.querySelector(`[data-testid="tip-row"][data-tip-id="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selectedId]);
  const allChecked = items.length > 0 && items.every((item) => checked.has(item.id));
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <div className="flex items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-xs text-zinc-500">
        <input type="checkbox" checked={allChecked} onChange={onToggleAll} aria-label="Select every tip shown" className="size-3.5 accent-accent-600" data-testid="tip-check-all" />
        <span>{checked.size > 0 ? `${checked.size} selected` : "Select for bulk actions"}</span>
      </div>
      <ul className="divide-y divide-zinc-100" aria-label="Tips">
        {items.map((item) => (
          <TipRow key={item.id} item={item} isSelected={item.id === selectedId} isChecked={checked.has(item.id)} showStatus={showStatus} onSelect={onSelect} onToggle={onToggle} />
        ))}
      </ul>
    </div>
  );
}

type TipRowProps = {
  item: TipListItem;
  isSelected: boolean;
  isChecked: boolean;
  showStatus: boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
};

function TipRow({ item, isSelected, isChecked, showStatus, onSelect, onToggle }: TipRowProps) {
  const runs = new Set(item.sources.map((source) => source.trajectoryId)).size;
  return (
    <li
      data-testid="tip-row"
      data-tip-id={item.id}
      data-status={item.status}
      data-selected={isSelected ? "true" : "false"}
      className={cn("flex scroll-my-2 gap-2 px-3 py-2", isSelected ? "bg-accent-50 shadow-[inset_3px_0_0_var(--color-accent-600)]" : "hover:bg-zinc-50")}
    >
      <input
        type="checkbox"
        checked={isChecked}
        onChange={() => onToggle(item.id)}
        aria-label={`Select tip: ${item.content.slice(0, 60)}`}
        className="mt-1 size-3.5 shrink-0 accent-accent-600"
        data-testid="tip-check"
      />
      <button type="button" onClick={() => onSelect(item.id)} aria-current={isSelected ? "true" : undefined} className="min-w-0 flex-1 text-left focus-visible:outline-offset-2">
        <span className="mb-1 flex flex-wrap items-center gap-1">
          {showStatus ? <StatusBadge status={item.status} /> : null}
          <PriorityBadge priority={item.priority} />
          <CategoryBadge category={item.category} />
          <FlagCount flags={item.flags} />
        </span>
        <span className="line-clamp-2 text-sm break-words text-zinc-900">{item.content}</span>
        <span className="mt-0.5 block truncate text-xs text-zinc-500">
          {item.application ?? "generic"} · {item.granularity} · {ORIGIN_LABEL[item.origin]}
          {item.sourceOutcome ? ` · from ${item.sourceOutcome}` : ""} · {runs} {runs === 1 ? "run" : "runs"}
        </span>
      </button>
    </li>
  );
}
