"use client";

import { useState } from "react";
import { Input } from "@/components/ui/input";
import { useReviewer } from "./use-reviewer";

/** "Reviewing as <name>": click to change; Enter saves, Esc cancels. */
export function ReviewerControl() {
  const [name, setName] = useReviewer();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <span className="text-xs text-zinc-500">
        Reviewing as{" "}
        <button
          type="button"
          onClick={() => setDraft(name)}
          className="rounded font-medium text-zinc-900 underline decoration-zinc-300 decoration-dotted underline-offset-2 hover:decoration-zinc-900"
          title="Change the name your decisions are recorded under"
          data-testid="reviewer-name"
        >
          {name}
        </button>
      </span>
    );
  }
  const save = () => {
    setName(draft);
    setDraft(null);
  };
  return (
    <form
      className="flex items-center gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor="reviewer-input" className="text-xs text-zinc-500">
        Reviewing as
      </label>
      <Input
        id="reviewer-input"
        autoFocus
        value={draft}
        maxLength={100}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => event.key === "Escape" && setDraft(null)}
        onBlur={save}
        className="h-7 w-36 text-xs"
        data-testid="reviewer-input"
      />
    </form>
  );
}
