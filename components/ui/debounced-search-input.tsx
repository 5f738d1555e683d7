"use client";

import { useEffect, useRef, useState } from "react";
import { SearchIcon } from "./icons";
import { Input } from "./input";

const SEARCH_DEBOUNCE_MS = 300;

type DebouncedSearchInputProps = {
  id: string;
  label: string;
  placeholder: string;
  /** The search in the URL; the field follows it when it changes from outside (back button, "clear filters"). */
  urlValue: string;
  /** Called with the trimmed text after typing pauses, or at once on Enter. */
  onSearch: (q: string) => void;
  testId: string;
  withIcon?: boolean;
  /** Escape leaves the field (so page-level keyboard shortcuts work again). */
  blurOnEscape?: boolean;
  className?: string;
};

/** A labelled search field for list filters, debounced so each keystroke does not refetch. */
export function DebouncedSearchInput({ id, label, placeholder, urlValue, onSearch, testId, withIcon, blurOnEscape, className }: DebouncedSearchInputProps) {
  const [text, setText] = useState(urlValue);
  const [lastSent, setLastSent] = useState(urlValue);
  if (urlValue !== lastSent) {
    setLastSent(urlValue);
    setText(urlValue);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const schedule = (value: string, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLastSent(value.trim());
      onSearch(value.trim());
    }, delay);
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-[11px] font-medium text-zinc-500">
        {label}
      </label>
      <div className="relative">
        {withIcon ? <SearchIcon className="pointer-events-none absolute top-2 left-2 size-4 text-zinc-400" /> : null}
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            schedule(event.target.value, SEARCH_DEBOUNCE_MS);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") schedule(text, 0);
            if (event.key === "Escape" && blurOnEscape) event.currentTarget.blur();
          }}
          className={withIcon ? "pl-8" : undefined}
          data-testid={testId}
        />
      </div>
    </div>
  );
}
