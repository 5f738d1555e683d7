"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { MAX_TASK_CHARS } from "@/lib/retrieval/schema";

const SHOWN_SAMPLES = 50;

type TaskInputProps = {
  value: string;
  onChange: (task: string) => void;
  sampleTasks: string[];
};

/** The task to retrieve for: typed, or picked from the project's trajectories (searchable). */
export function TaskInput({ value, onChange, sampleTasks }: TaskInputProps) {
  const [isPicking, setIsPicking] = useState(false);
  return (
    <div className="space-y-2">
      <Field htmlFor="retrieval-task" label="Task">
        <Textarea
          id="retrieval-task"
          rows={3}
          maxLength={MAX_TASK_CHARS}
          placeholder="Describe a task as an agent would receive it, e.g. “Pay my pending Venmo requests from my roommates”"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid="task-input"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => setIsPicking((open) => !open)} aria-expanded={isPicking} disabled={sampleTasks.length === 0} data-testid="sample-task-toggle">
          {isPicking ? "Close samples" : "Pick a sample task"}
        </Button>
        <span className="text-xs text-zinc-500">
          {sampleTasks.length === 0 ? "No trajectories in this project to take a task from." : `${sampleTasks.length} task descriptions from this project's trajectories.`}
        </span>
      </div>
      {isPicking ? (
        <SamplePicker
          tasks={sampleTasks}
          onPick={(task) => {
            onChange(task);
            setIsPicking(false);
          }}
        />
      ) : null}
    </div>
  );
}

function SamplePicker({ tasks, onPick }: { tasks: string[]; onPick: (task: string) => void }) {
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const matches = needle ? tasks.filter((task) => task.toLowerCase().includes(needle)) : tasks;
  return (
    <div className="space-y-2 rounded-md border border-zinc-200 bg-zinc-50 p-2" data-testid="sample-task-picker">
      <Input type="search" aria-label="Search sample tasks" placeholder="Search tasks…" value={query} onChange={(event) => setQuery(event.target.value)} autoFocus data-testid="sample-task-search" />
      {matches.length === 0 ? (
        <p className="px-1 text-xs text-zinc-500">No task contains “{query}”.</p>
      ) : (
        <ul className="max-h-64 space-y-0.5 overflow-y-auto" role="listbox" aria-label="Sample tasks">
          {matches.slice(0, SHOWN_SAMPLES).map((task) => (
            <li key={task}>
              <button
                type="button"
                role="option"
                aria-selected={false}
                onClick={() => onPick(task)}
                className="line-clamp-2 w-full rounded px-2 py-1 text-left text-xs text-zinc-800 hover:bg-white hover:ring-1 hover:ring-zinc-200"
                data-testid="sample-task-option"
                title={task}
              >
                {task}
              </button>
            </li>
          ))}
        </ul>
      )}
      {matches.length > SHOWN_SAMPLES ? <p className="px-1 text-xs text-zinc-500">Showing {SHOWN_SAMPLES} of {matches.length}; type to narrow down.</p> : null}
    </div>
  );
}
