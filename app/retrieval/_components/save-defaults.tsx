"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { GuidelinesTemplate } from "@/lib/retrieval/schema";
import { saveRetrievalDefaultsAction } from "../actions";
import type { ColumnSettings, ProjectRetrievalSettings } from "./types";

/** "cosine · τ 0.60 · no top-k · both · markdown · 2000 tokens" */
export function describeSettings(settings: ColumnSettings & { template?: GuidelinesTemplate; maxTokens?: number | null }): string {
  const parts = [
    settings.strategy === "llm" ? "LLM-guided" : "cosine",
    `τ ${settings.threshold.toFixed(2)}`,
    settings.topK === null ? "no top-k" : `top-${settings.topK}`,
    settings.granularity === "both" ? "task + subtask tips" : `${settings.granularity} tips`,
  ];
  if (settings.template) parts.push(settings.template);
  if (settings.maxTokens !== undefined) parts.push(settings.maxTokens === null ? "no token budget" : `${settings.maxTokens}-token budget`);
  return parts.join(" · ");
}

type SaveDefaultsProps = {
  projectId: string;
  settings: ColumnSettings & { template?: GuidelinesTemplate };
  defaults: ProjectRetrievalSettings;
  label?: string;
  testId?: string;
};

/** Saves strategy, τ, k, granularity (and the template) as the project's retrieval defaults. */
export function SaveDefaults({ projectId, settings, defaults, label = "Save as project default", testId = "save-defaults" }: SaveDefaultsProps) {
  const router = useRouter();
  const [isRefreshing, startRefresh] = useTransition();
  const save = useMutation({
    mutationFn: () => saveRetrievalDefaultsAction({ projectId, ...settings }),
    onSuccess: (result) => {
      if (result.ok) startRefresh(() => router.refresh());
    },
  });
  const isDefault =
    settings.strategy === defaults.strategy &&
    Math.abs(settings.threshold - defaults.threshold) < 1e-9 &&
    settings.topK === defaults.topK &&
    settings.granularity === defaults.granularity &&
    (settings.template === undefined || settings.template === defaults.template);
  const failure = save.data && !save.data.ok ? save.data.error.message : save.isError ? "The server could not be reached. Retry." : null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm" onClick={() => save.mutate()} disabled={isDefault || save.isPending || isRefreshing} data-testid={testId} title={isDefault ? "These are the project's defaults" : "Agents calling the API without these fields get these settings"}>
        {save.isPending || isRefreshing ? "Saving…" : isDefault ? "Project default" : label}
      </Button>
      <span className="text-xs text-zinc-500" data-testid="project-defaults">
        Project default: {describeSettings(defaults)}
      </span>
      {failure ? (
        <span role="alert" className="text-xs text-red-700">
          {failure}
        </span>
      ) : null}
    </div>
  );
}
