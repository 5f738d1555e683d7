"use client";

import { useState, type FormEvent, type KeyboardEvent } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, fieldDescribedBy } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { Select } from "@/components/ui/select";
import { TIP_CATEGORIES, TIP_PRIORITIES } from "@/components/tips/types";
import { proposedTipSchema, type ProposedTip } from "@/lib/consolidation/proposed-tip";
import type { ProposalDecision } from "./use-proposal-decision";

type Draft = Record<"category" | "priority" | "content" | "purpose" | "steps" | "trigger" | "negativeExample" | "application" | "taskCategory", string>;

function toDraft(tip: ProposedTip): Draft {
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

/** The draft as the schema reads it: one step per line, empty optional fields = null. */
function fromDraft(draft: Draft): unknown {
  const nullable = (value: string) => value.trim() || null;
  return {
    ...draft,
    steps: draft.steps.split("\n").map((step) => step.trim()).filter(Boolean),
    negativeExample: nullable(draft.negativeExample),
    application: nullable(draft.application),
    taskCategory: nullable(draft.taskCategory),
  };
}

/**
 * The merged tip, prefilled from the proposal, validated by the same schema as the server
 * (proposedTipSchema); Ctrl/⌘+Enter accepts the edited tip, Esc closes the form.
 */
export function ProposalEditForm({ tip, decision }: { tip: ProposedTip; decision: ProposalDecision }) {
  const [draft, setDraft] = useState(() => toDraft(tip));
  const [clientErrors, setClientErrors] = useState<Record<string, string[] | undefined>>({});
  const errors: Record<string, string[] | undefined> = { ...(decision.error?.fieldErrors ?? {}), ...clientErrors };
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = () => {
    const parsed = proposedTipSchema.safeParse(fromDraft(draft));
    if (!parsed.success) {
      setClientErrors(z.flattenError(parsed.error).fieldErrors);
      return;
    }
    setClientErrors({});
    decision.acceptEdited(parsed.data);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      decision.cancel();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  const text = (key: keyof Draft, label: string, rows: number, hint?: string) => {
    const error = errors[key]?.[0];
    return (
      <Field htmlFor={`proposal-edit-${key}`} label={label} hint={hint} error={error}>
        <Textarea
          id={`proposal-edit-${key}`}
          rows={rows}
          value={draft[key]}
          onChange={set(key)}
          autoFocus={key === "content"}
          aria-invalid={Boolean(error)}
          aria-describedby={fieldDescribedBy(`proposal-edit-${key}`, { hint, error })}
          data-testid={`proposal-edit-${key}`}
        />
      </Field>
    );
  };
  const line = (key: "application" | "taskCategory", label: string, hint: string) => {
    const error = errors[key]?.[0];
    return (
      <Field htmlFor={`proposal-edit-${key}`} label={label} hint={hint} error={error}>
        <Input id={`proposal-edit-${key}`} value={draft[key]} onChange={set(key)} maxLength={100} aria-invalid={Boolean(error)} aria-describedby={fieldDescribedBy(`proposal-edit-${key}`, { hint, error })} />
      </Field>
    );
  };
  const choice = (key: "category" | "priority", label: string, options: readonly string[]) => (
    <Field htmlFor={`proposal-edit-${key}`} label={label}>
      <Select id={`proposal-edit-${key}`} value={draft[key]} onChange={set(key)}>
        {options.map((option) => (
          <option key={option} value={option}>{option}</option>
        ))}
      </Select>
    </Field>
  );

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate className="space-y-3 rounded-lg border border-accent-200 bg-white p-4" aria-label="Edit the merged tip, then accept" data-testid="proposal-edit-form">
      <p className="text-xs text-zinc-600">Your version is created instead of the proposed one; the proposal is recorded as accepted with edits.</p>
      <div className="grid grid-cols-2 gap-2">
        {choice("category", "Category", TIP_CATEGORIES)}
        {choice("priority", "Priority", TIP_PRIORITIES)}
      </div>
      {text("content", "Content (the actionable advice)", 3)}
      {text("purpose", "Why", 2)}
      {text("steps", "Steps", 4, "One step per line, in order.")}
      {text("trigger", "Apply when", 2)}
      {text("negativeExample", "Do not (optional)", 2)}
      <div className="grid grid-cols-2 gap-2">
        {line("application", "Application", "Empty = generic (any application)")}
        {line("taskCategory", "Task category", "Empty = any")}
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 pt-3">
        <Button type="submit" variant="primary" disabled={decision.isPending} data-testid="proposal-edit-accept">
          {decision.isPending ? "Accepting…" : "Accept edited tip"} <Kbd className="border-accent-400 bg-accent-500 text-white shadow-none">Ctrl ↵</Kbd>
        </Button>
        <Button variant="ghost" onClick={decision.cancel} disabled={decision.isPending}>
          Cancel <Kbd>Esc</Kbd>
        </Button>
      </div>
    </form>
  );
}
