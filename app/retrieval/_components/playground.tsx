"use client";

import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { GuidelinesTemplate } from "@/lib/retrieval/schema";
import { CompareView } from "./compare-view";
import { PlaygroundResults } from "./playground-results";
import { SaveDefaults, describeSettings } from "./save-defaults";
import { SettingsPanel } from "./settings-panel";
import { TaskInput } from "./task-input";
import type { ColumnSettings, RetrievalPageData } from "./types";
import { useDebounced } from "@/components/ui/use-debounced";
import { usePlaygroundCut, type PlaygroundFilters } from "./use-playground";

/** Typing pauses this long before the task is retrieved for (each retrieval is logged). */
const TASK_DEBOUNCE_MS = 500;

function columnFrom(defaults: RetrievalPageData["defaults"]): ColumnSettings {
  return { strategy: defaults.strategy, threshold: defaults.threshold, topK: defaults.topK, granularity: defaults.granularity };
}

/** Type or pick a task, tune strategy / τ / k / granularity / filters, and see what retrieval does. */
export function Playground({ data }: { data: RetrievalPageData }) {
  const { defaults, projectId } = data;
  const [taskDraft, setTaskDraft] = useState("");
  const task = useDebounced(taskDraft.trim(), TASK_DEBOUNCE_MS);
  const [application, setApplication] = useState<string | null>(defaults.application);
  const [approvedOnly, setApprovedOnly] = useState(defaults.approvedOnly);
  const [a, setA] = useState<ColumnSettings>(() => columnFrom(defaults));
  const [b, setB] = useState<ColumnSettings | null>(null);
  const [template, setTemplate] = useState<GuidelinesTemplate>(defaults.template);
  const filters: PlaygroundFilters = { projectId, task, application, approvedOnly };
  const columnA = usePlaygroundCut(filters, a);
  const columnB = usePlaygroundCut(filters, b ?? a, b !== null);
  const applications = useMemo(() => [...new Set([...data.applications, ...(application ? [application] : [])])], [data.applications, application]);

  return (
    <div className="space-y-4" data-testid="retrieval-playground">
      <Card>
        <CardHeader>
          <CardTitle>Task and filters</CardTitle>
        </CardHeader>
        <CardBody className="space-y-3">
          <TaskInput value={taskDraft} onChange={setTaskDraft} sampleTasks={data.sampleTasks} />
          <div className="flex flex-wrap items-end gap-4">
            <Field htmlFor="retrieval-application" label="Application filter" className="w-56">
              <Select id="retrieval-application" value={application ?? ""} onChange={(event) => setApplication(event.target.value || null)} data-testid="application-filter">
                <option value="">Any application</option>
                {applications.map((name) => (
                  <option key={name} value={name}>
                    {name} (+ generic tips)
                  </option>
                ))}
              </Select>
            </Field>
            <label className="flex h-8 items-center gap-1.5 text-sm text-zinc-700" title="Off: proposed tips can be retrieved too">
              <input type="checkbox" checked={approvedOnly} onChange={(event) => setApprovedOnly(event.target.checked)} className="accent-accent-600" data-testid="approved-only" />
              Approved tips only
              <span className="text-xs text-zinc-500">(project setting: {defaults.approvedOnly ? "on" : "off"})</span>
            </label>
          </div>
        </CardBody>
      </Card>

      {b === null ? (
        <Card>
          <CardHeader>
            <CardTitle>Settings</CardTitle>
            <Button size="sm" onClick={() => setB({ ...a })} data-testid="compare-toggle">
              Compare with other settings
            </Button>
          </CardHeader>
          <CardBody className="space-y-4">
            <SettingsPanel prefix="" value={a} onChange={setA} isLlmConfigured={data.isLlmConfigured} />
            <SaveDefaults projectId={projectId} settings={{ ...a, template }} defaults={defaults} />
          </CardBody>
        </Card>
      ) : (
        <CompareView
          projectId={projectId}
          defaults={defaults}
          isLlmConfigured={data.isLlmConfigured}
          a={a}
          b={b}
          onA={setA}
          onB={setB}
          onClose={() => setB(null)}
          columnA={columnA}
          columnB={columnB}
          hasTask={task !== ""}
        />
      )}

      {task === "" ? (
        <NoTaskHint defaults={defaults} isTyping={taskDraft.trim() !== ""} />
      ) : (
        <PlaygroundResults projectId={projectId} column={columnA} settings={a} template={template} onTemplate={setTemplate} projectTemplate={defaults.template} title={b === null ? "Results" : "Column A in detail"} showHistogram={b === null} />
      )}
    </div>
  );
}

function NoTaskHint({ defaults, isTyping }: { defaults: RetrievalPageData["defaults"]; isTyping: boolean }) {
  return (
    <Card data-testid="retrieval-no-task">
      <CardBody className="space-y-1 text-sm text-zinc-600">
        <p className="font-medium text-zinc-800">{isTyping ? "Retrieving when you pause typing…" : "Type a task or pick a sample to see what retrieval returns."}</p>
        <p>
          An agent calling <code className="text-xs">POST /api/v1/retrieve</code> without settings gets the project defaults: <strong>{describeSettings(defaults)}</strong>
          {defaults.application ? `, application ${defaults.application}` : ""}
          {defaults.approvedOnly ? ", approved tips only" : ", approved and proposed tips"}.
        </p>
        <p className="text-xs text-zinc-500">Every retrieval here is logged like an agent&apos;s (source “playground”). Moving τ or k afterwards re-ranks the same candidates in the browser.</p>
      </CardBody>
    </Card>
  );
}
