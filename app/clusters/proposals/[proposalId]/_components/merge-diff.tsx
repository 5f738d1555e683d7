import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/tips/tip-badges";
import type { FieldDiff, TipDiff } from "@/lib/consolidation/merge/merged-fields";
import type { ProposalTipView } from "../../../_components/types";
import { WordDiffText } from "./word-diff-text";

/** The documented rules for the rule-decided fields (lib/consolidation/merge/merged-fields.ts). */
const RULES = {
  priority: "Rule: the most severe source priority (critical > high > medium > low) — a merge never downgrades a warning.",
  category: "Rule: the majority category of the sources; a tie goes to recovery, then strategy, then optimization.",
  application: "Rule: the shared value when every source has the same one, otherwise generic (empty).",
  steps: "Rule: the sources' steps in order, duplicates once (the model may reorder or rephrase them).",
} as const;

const text = (value: string | null) => (value === null || value === "" ? <span className="text-zinc-400">—</span> : value);

type MergeDiffProps = {
  diff: TipDiff;
  sources: ProposalTipView[];
};

/** Per field: each source's value side by side with the merged one; content as a word diff, steps as kept / added / dropped. */
export function MergeDiff({ diff, sources }: MergeDiffProps) {
  const ids = diff.sourceTipIds;
  const label = (tipId: string) => `Source ${ids.indexOf(tipId) + 1}`;
  const tipOf = (tipId: string) => sources.find((tip) => tip.id === tipId);
  // Optional fields nobody filled in (no "Do not", no task category) are left out.
  const isEmpty = (field: FieldDiff<unknown>) => field.after === null && field.before.every((b) => b.value === null);
  const row = <T,>(name: string, field: FieldDiff<T>, render: (value: T) => ReactNode, note?: string, testId?: string) => {
    if (isEmpty(field as FieldDiff<unknown>)) return null;
    return (
      <tr className="align-top" data-testid={testId} data-changed={field.changed ? "true" : "false"}>
        <th scope="row" className="w-28 px-3 py-2 text-left text-xs font-medium text-zinc-500">{name}</th>
        {ids.map((tipId) => (
          <td key={tipId} className="px-3 py-2 text-sm text-zinc-800">{render(field.before.find((b) => b.tipId === tipId)?.value as T)}</td>
        ))}
        <td className="bg-accent-50/40 px-3 py-2 text-sm text-zinc-900">
          {render(field.after)}
          {note ? <p className="mt-1 text-[11px] text-zinc-500">{note}</p> : null}
          {!field.changed ? <p className="mt-1 text-[11px] text-zinc-400">same in every source</p> : null}
        </td>
      </tr>
    );
  };
  return (
    <div className="space-y-3" data-testid="merge-diff">
      <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
        <table className="w-full min-w-[40rem] table-fixed border-collapse">
          <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-600">
            <tr>
              <th scope="col" className="w-28 px-3 py-2 text-left font-medium">Field</th>
              {ids.map((tipId) => {
                const tip = tipOf(tipId);
                return (
                  <th key={tipId} scope="col" className="px-3 py-2 text-left font-medium">
                    <span className="flex flex-wrap items-center gap-1.5">
                      <Link href={`/tips/${tipId}`} className="text-accent-700 hover:underline">{label(tipId)}</Link>
                      {tip ? <StatusBadge status={tip.status} /> : <Badge>gone</Badge>}
                      <span className="font-mono text-[11px] font-normal text-zinc-400">{tipId.slice(0, 8)}</span>
                    </span>
                  </th>
                );
              })}
              <th scope="col" className="bg-accent-50 px-3 py-2 text-left font-medium text-accent-800">Merged (proposed)</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            <tr className="align-top" data-testid="diff-content" data-changed={diff.content.changed ? "true" : "false"}>
              <th scope="row" className="px-3 py-2 text-left text-xs font-medium text-zinc-500">
                Content
                <span className="block font-normal text-zinc-400">changes from each source to the merged text</span>
              </th>
              {ids.map((tipId) => {
                const words = diff.content.words.find((w) => w.tipId === tipId);
                return <td key={tipId} className="px-3 py-2">{words ? <WordDiffText parts={words.parts} testId="diff-words" /> : text(diff.content.before.find((b) => b.tipId === tipId)?.value ?? null)}</td>;
              })}
              <td className="bg-accent-50/40 px-3 py-2 text-sm font-medium break-words whitespace-pre-wrap text-zinc-900" data-testid="diff-merged-content">{diff.content.after}</td>
            </tr>
            {row("Why", diff.purpose, (v) => <span className="break-words whitespace-pre-wrap">{text(v)}</span>)}
            {row("Apply when", diff.trigger, (v) => <span className="break-words whitespace-pre-wrap">{text(v)}</span>)}
            <tr className="align-top" data-testid="diff-steps">
              <th scope="row" className="px-3 py-2 text-left text-xs font-medium text-zinc-500">Steps</th>
              {ids.map((tipId) => (
                <td key={tipId} className="px-3 py-2">
                  <StepList steps={diff.steps.before.find((b) => b.tipId === tipId)?.value ?? []} dropped={diff.steps.dropped.filter((d) => d.tipIds.includes(tipId)).map((d) => d.text)} />
                </td>
              ))}
              <td className="bg-accent-50/40 px-3 py-2">
                <ol className="list-decimal space-y-0.5 pl-5 text-sm" data-testid="diff-merged-steps">
                  {diff.steps.items.map((item, index) => (
                    <li key={index} className="break-words" data-status={item.status}>
                      {item.text}{" "}
                      {item.status === "added" ? (
                        <Badge tone="success">added</Badge>
                      ) : (
                        <span className="text-[11px] text-zinc-400">kept from {item.tipIds.map(label).join(", ")}</span>
                      )}
                    </li>
                  ))}
                </ol>
                <p className="mt-1 text-[11px] text-zinc-500">{RULES.steps}</p>
              </td>
            </tr>
            {row("Do not", diff.negativeExample, (v) => <span className="break-words whitespace-pre-wrap">{text(v)}</span>)}
            {row("Priority", diff.priority, (v) => v, RULES.priority, "diff-priority")}
            {row("Category", diff.category, (v) => v, RULES.category, "diff-category")}
            {row("Application", diff.application, (v) => text(v), RULES.application)}
            {row("Task category", diff.taskCategory, (v) => text(v), RULES.application)}
          </tbody>
        </table>
      </div>
      {diff.steps.dropped.length > 0 ? (
        <div className="text-xs text-zinc-600" data-testid="diff-dropped-steps">
          <h4 className="font-medium text-zinc-700">Steps the merged tip drops</h4>
          <ul className="mt-0.5 list-disc pl-5">
            {diff.steps.dropped.map((step, index) => (
              <li key={index}>
                <del className="decoration-red-400">{step.text}</del> <span className="text-zinc-400">(from {step.tipIds.map(label).join(", ")})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A source's steps; the ones the merged tip drops are struck through. */
function StepList({ steps, dropped }: { steps: string[]; dropped: string[] }) {
  if (steps.length === 0) return <span className="text-xs text-zinc-400">No steps.</span>;
  const norm = (s: string) => s.trim().toLowerCase();
  const droppedSet = new Set(dropped.map(norm));
  return (
    <ol className="list-decimal space-y-0.5 pl-5 text-sm text-zinc-800">
      {steps.map((step, index) =>
        droppedSet.has(norm(step)) ? (
          <li key={index} className="break-words">
            <del className="text-zinc-500 decoration-red-400">{step}</del> <Badge tone="danger">dropped</Badge>
          </li>
        ) : (
          <li key={index} className="break-words">{step}</li>
        ),
      )}
    </ol>
  );
}
