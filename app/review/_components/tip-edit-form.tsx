"use client";

import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldDescribedBy } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { Select } from "@/components/ui/select";
import { TIP_CATEGORIES, TIP_PRIORITIES, type TipDetail } from "@/components/tips/types";
import type { TipEditValues, TipReview } from "./use-tip-review";

type Draft = {
  category: string;
  priority: string;
  content: string;
  purpose: string;
  steps: string;
  trigger: string;
  negativeExample: string;
  application: string;
  taskCategory: string;
};

function toDraft(tip: TipDetail): Draft {
  return {
    category: tip.category,
    priority: tip.priority,
    content: tip.content,
    purpose: tip.purpose,
    steps: tip.steps.join("\n"),
    trigger: tip.trigger,
    negativeExample: tip.negativeExample ?? "",
    application: tip.application ?? "",
    taskCategory: tip.taskCategory ?? "",
  };
}

/** Only the fields that changed, so the history shows exactly what the reviewer changed. */
function changedFields(tip: TipDetail, draft: Draft): TipEditValues {
  const edit: Record<string, unknown> = {};
  const nullable = (value: string) => value.trim() || null;
  const steps = draft.steps.split("\n").map((step) => step.trim()).filter(Boolean);
  if (draft.category !== tip.category) edit.category = draft.category;
  if (draft.priority !== tip.priority) edit.priority = draft.priority;
  for (const key of ["content", "purpose", "trigger"] as const) if (draft[key].trim() !== tip[key].trim()) edit[key] = draft[key];
  if (steps.join("\n") !== tip.steps.join("\n")) edit.steps = steps;
  for (const key of ["negativeExample", "application", "taskCategory"] as const) {
    if (nullable(draft[key]) !== (tip[key] ?? null)) edit[key] = nullable(draft[key]);
  }
  return edit as TipEditValues;
}

/** Inline edit of every editable field. Ctrl/⌘+Enter saves and approves, Esc cancels. */
export function TipEditForm({ tip, review }: { tip: TipDetail; review: TipReview }) {
  const [draft, setDraft] = useState(() => toDraft(tip));
  const errors = review.error?.fieldErrors ?? {};
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (approve: boolean) => {
    const edit = changedFields(tip, draft);
    if (Object.keys(edit).length === 0) {
      if (approve) review.approve();
      else review.cancel();
      return;
    }
    review.save(edit, approve);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      review.cancel();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit(true);
    }
  };
  const text = (key: keyof Draft, label: string, rows: number, hint?: string, testId?: string) => (
    <Field htmlFor={`edit-${key}`} label={label} hint={hint} error={errors[key]?.[0]}>
      <Textarea
        id={`edit-${key}`}
        rows={rows}
        value={draft[key]}
        onChange={set(key)}
        autoFocus={key === "content"}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={fieldDescribedBy(`edit-${key}`, { hint, error: errors[key]?.[0] })}
        data-testid={testId}
      />
    </Field>
  );

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} className="space-y-3" aria-label="Edit tip" data-testid="tip-edit-form">
      <div className="grid grid-cols-2 gap-2">
        <Choice id="edit-category" label="Category" value={draft.category} onChange={set("category")} options={TIP_CATEGORIES} />
        <Choice id="edit-priority" label="Priority" value={draft.priority} onChange={set("priority")} options={TIP_PRIORITIES} />
      </div>
      {text("content", "Content (the actionable advice)", 3, undefined, "edit-content")}
      {text("purpose", "Why", 2)}
      {text("steps", "Steps", 4, "One step per line, in order.")}
      {text("trigger", "Apply when", 2)}
      {text("negativeExample", "Do not (optional)", 2)}
      <div className="grid grid-cols-2 gap-2">
        <Line id="edit-application" label="Application" hint="Empty = generic (any application)" value={draft.application} onChange={set("application")} error={errors.application?.[0]} />
        <Line id="edit-taskCategory" label="Task category" hint="Empty = any" value={draft.taskCategory} onChange={set("taskCategory")} error={errors.taskCategory?.[0]} />
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 pt-3">
        <Button variant="primary" onClick={() => submit(true)} disabled={review.isPending} data-testid="edit-save-approve">
          Save &amp; approve <Kbd className="border-accent-400 bg-accent-500 text-white shadow-none">Ctrl ↵</Kbd>
        </Button>
        <Button type="submit" disabled={review.isPending} data-testid="edit-save">
          Save
        </Button>
        <Button variant="ghost" onClick={review.cancel} disabled={review.isPending}>
          Cancel <Kbd>Esc</Kbd>
        </Button>
        {review.isPending ? <span className="text-xs text-zinc-500">Saving…</span> : null}
      </div>
    </form>
  );
}

function Choice({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (e: { target: { value: string } }) => void; options: readonly string[] }) {
  return (
    <Field htmlFor={id} label={label}>
      <Select id={id} value={value} onChange={onChange}>
        {options.map((option) => (
          <option key={option} value={option}>{option}</option>
        ))}
      </Select>
    </Field>
  );
}

function Line(props: { id: string; label: string; hint: string; value: string; error?: ReactNode; onChange: (e: { target: { value: string } }) => void }) {
  return (
    <Field htmlFor={props.id} label={props.label} hint={props.hint} error={props.error}>
      <Input id={props.id} value={props.value} onChange={props.onChange} maxLength={100} aria-invalid={Boolean(props.error)} aria-describedby={fieldDescribedBy(props.id, { hint: props.hint, error: props.error })} />
    </Field>
  );
}
