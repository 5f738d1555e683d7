"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, fieldDescribedBy } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { DERIVATION_RULE } from "@/lib/retrieval/evaluation/derive";
import type { TipSummaryView } from "@/lib/retrieval/evaluation/schema";
import { addEvaluationTaskAction, deleteEvaluationTaskAction, deriveEvaluationSetAction, updateEvaluationTaskAction } from "../actions";
import { TipPicker } from "./tip-picker";
import type { EvaluationTaskView } from "./types";

/** Held-out tasks with the tips they should retrieve: derive them, add by hand, edit, delete. */
export function EvaluationSet({ projectId, tasks }: { projectId: string; tasks: EvaluationTaskView[] }) {
  const router = useRouter();
  const [isRefreshing, startRefresh] = useTransition();
  const refresh = () => startRefresh(() => router.refresh());
  const [isAdding, setIsAdding] = useState(false);
  const derive = useMutation({ mutationFn: () => deriveEvaluationSetAction({ projectId }), onSuccess: (result) => result.ok && refresh() });
  const derived = derive.data?.ok ? derive.data.data : null;
  return (
    <Card data-testid="evaluation-set">
      <CardHeader>
        <CardTitle>Evaluation set ({tasks.length} tasks)</CardTitle>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => derive.mutate()} disabled={derive.isPending || isRefreshing} data-testid="evaluation-derive">
            {derive.isPending ? "Deriving…" : "Derive from trajectories"}
          </Button>
          <Button size="sm" variant="primary" onClick={() => setIsAdding(true)} disabled={isAdding} data-testid="evaluation-add">
            Add a task
          </Button>
        </div>
      </CardHeader>
      <CardBody className="space-y-3">
        <p className="text-xs text-zinc-500" data-testid="derivation-rule">
          <strong className="font-medium text-zinc-700">Derived tasks:</strong> {DERIVATION_RULE} Deriving again replaces the derived tasks; tasks you added or edited stay.
        </p>
        {derived ? (
          <p role="status" className="text-xs text-emerald-700" data-testid="derive-result">
            {derived.created} derived {derived.created === 1 ? "task" : "tasks"}
            {derived.skipped > 0 ? `; ${derived.skipped} trajectories expect no tip and were skipped` : ""}
            {derived.keptEdited > 0 ? `; ${derived.keptEdited} edited by hand kept` : ""}.
          </p>
        ) : null}
        {derive.data && !derive.data.ok ? <p role="alert" className="text-xs text-red-700">{derive.data.error.message}</p> : null}
        {isAdding ? (
          <TaskForm
            projectId={projectId}
            onDone={() => {
              setIsAdding(false);
              refresh();
            }}
            onCancel={() => setIsAdding(false)}
          />
        ) : null}
        {tasks.length === 0 ? (
          <p className="rounded-md border border-dashed border-zinc-300 px-3 py-4 text-sm text-zinc-500" data-testid="evaluation-empty">
            No held-out tasks yet. Derive them from this project&apos;s trajectories, or add a task and pick the approved tips it should retrieve.
          </p>
        ) : (
          <ul className="divide-y divide-zinc-100 rounded-md ring-1 ring-zinc-200">
            {tasks.map((task) => (
              <TaskRow key={task.id} projectId={projectId} task={task} onChanged={refresh} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function TaskRow({ projectId, task, onChanged }: { projectId: string; task: EvaluationTaskView; onChanged: () => void }) {
  const [isEditing, setIsEditing] = useState(false);
  const remove = useMutation({ mutationFn: () => deleteEvaluationTaskAction({ projectId, id: task.id }), onSuccess: (result) => result.ok && onChanged() });
  if (isEditing) {
    return (
      <li className="p-3">
        <TaskForm projectId={projectId} task={task} onDone={() => {
            setIsEditing(false);
            onChanged();
          }} onCancel={() => setIsEditing(false)} />
      </li>
    );
  }
  return (
    <li className="space-y-1 px-3 py-2 text-sm" data-testid="evaluation-task" data-origin={task.origin} data-expected={task.expectedTips.length}>
      <div className="flex items-start gap-2">
        <p className="flex-1 text-zinc-900">{task.task}</p>
        <Badge tone={task.origin === "derived" ? "accent" : "neutral"}>{task.origin}</Badge>
        <Button size="sm" variant="ghost" onClick={() => setIsEditing(true)}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending} data-testid="evaluation-delete">
          Delete
        </Button>
      </div>
      <details className="text-xs text-zinc-600">
        <summary className="cursor-pointer select-none">
          {task.expectedTips.length} expected {task.expectedTips.length === 1 ? "tip" : "tips"}
          {task.ignoredTipCount > 0 ? ` · ${task.ignoredTipCount} of its own ignored (leave-one-out)` : ""}
        </summary>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {task.expectedTips.map((tip) => (
            <li key={tip.id} className="line-clamp-2">
              {tip.content}
            </li>
          ))}
        </ul>
      </details>
      {remove.data && !remove.data.ok ? <p role="alert" className="text-xs text-red-700">{remove.data.error.message}</p> : null}
    </li>
  );
}

function TaskForm({ projectId, task, onDone, onCancel }: { projectId: string; task?: EvaluationTaskView; onDone: () => void; onCancel: () => void }) {
  const [text, setText] = useState(task?.task ?? "");
  const [tips, setTips] = useState<TipSummaryView[]>(task?.expectedTips ?? []);
  const save = useMutation({
    mutationFn: () => {
      const input = { projectId, task: text, expectedTipIds: tips.map((tip) => tip.id) };
      return task ? updateEvaluationTaskAction({ ...input, id: task.id }) : addEvaluationTaskAction(input);
    },
    onSuccess: (result) => result.ok && onDone(),
  });
  const fieldErrors = save.data && !save.data.ok ? (save.data.error.fieldErrors ?? {}) : {};
  const formError = save.data && !save.data.ok && !fieldErrors.task ? save.data.error.message : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const id = task ? `evaluation-task-${task.id}` : "evaluation-task-new";
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md border border-zinc-200 bg-zinc-50 p-3" aria-label={task ? "Edit the task" : "New task"} data-testid="evaluation-task-form">
      <Field htmlFor={id} label="Task" error={fieldErrors.task?.[0]}>
        <Textarea id={id} rows={2} value={text} onChange={(event) => setText(event.target.value)} aria-invalid={Boolean(fieldErrors.task)} aria-describedby={fieldDescribedBy(id, { error: fieldErrors.task?.[0] })} data-testid="evaluation-task-text" />
      </Field>
      <div className="space-y-1">
        <p className="text-xs font-medium text-zinc-700">Tips it should retrieve</p>
        <TipPicker projectId={projectId} selected={tips} onChange={setTips} />
      </div>
      {formError ? <p role="alert" className="text-xs text-red-700">{formError}</p> : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={save.isPending} data-testid="evaluation-task-save">
          {save.isPending ? "Saving…" : task ? "Save task" : "Add task"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
