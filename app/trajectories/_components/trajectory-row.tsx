import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/trajectories/local-time";
import { OutcomeBadge } from "@/components/trajectories/outcome-badge";
import type { TrajectoryListItem } from "./list-item";

const MAX_APPS_SHOWN = 3;

export function TrajectoryRow({ item, formatLabel }: { item: TrajectoryListItem; formatLabel: string }) {
  const apps = item.applications;
  return (
    <tr data-testid="trajectory-row" data-trajectory-id={item.id} data-outcome={item.outcomeLabel} className="align-top hover:bg-zinc-50">
      <td className="max-w-0 px-3 py-2">
        <Link href={`/trajectories/${item.id}`} className="line-clamp-2 font-medium break-words text-zinc-900 hover:text-accent-700 hover:underline" title={item.taskDescription} data-testid="trajectory-link">
          {item.taskDescription || "Untitled task"}
        </Link>
        {item.externalId ? <div className="truncate font-mono text-xs text-zinc-400">{item.externalId}</div> : null}
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-1">
          {apps.slice(0, MAX_APPS_SHOWN).map((app) => <Badge key={app}>{app}</Badge>)}
          {apps.length > MAX_APPS_SHOWN ? <span className="text-xs text-zinc-500" title={apps.join(", ")}>+{apps.length - MAX_APPS_SHOWN}</span> : null}
          {apps.length === 0 ? <span className="text-xs text-zinc-400">—</span> : null}
        </div>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <OutcomeBadge label={item.outcomeLabel} source={item.outcomeSource} />
      </td>
      <td className="px-3 py-2 text-xs text-zinc-600" title={item.sourceFormat}>{formatLabel}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {item.stepCount}
        {item.errorCount > 0 ? (
          <div className="text-xs font-medium text-red-700" data-testid="trajectory-errors">
            {item.errorCount} {item.errorCount === 1 ? "error" : "errors"}
          </div>
        ) : null}
      </td>
      <td className="px-3 py-2 text-xs whitespace-nowrap text-zinc-500">
        <LocalTime iso={item.createdAt} />
      </td>
    </tr>
  );
}
