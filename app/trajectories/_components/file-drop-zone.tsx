"use client";

import { useState, type DragEvent } from "react";
import { cn } from "@/components/ui/cn";
import { UploadIcon } from "@/components/ui/icons";

/** File types the importer reads; zips are expanded on the server. */
export const ACCEPTED_EXTENSIONS = [".json", ".jsonl", ".ndjson", ".yaml", ".yml", ".md", ".txt", ".log", ".zip"];

type FileDropZoneProps = {
  onFiles: (files: File[]) => void;
  isDisabled?: boolean;
};

/**
 * Drop files here or pick them. The native file input is the control (visually hidden, inside the
 * label): Tab reaches it, Enter/Space opens the picker, and screen readers announce it.
 */
export function FileDropZone({ onFiles, isDisabled = false }: FileDropZoneProps) {
  const [isOver, setIsOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    if (!isDisabled && event.dataTransfer.files.length > 0) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <label
      htmlFor="upload-input"
      onDragOver={(event) => {
        event.preventDefault();
        if (!isDisabled) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      data-testid="upload-dropzone"
      className={cn(
        "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600",
        isOver ? "border-accent-500 bg-accent-50" : "border-zinc-300 bg-white hover:border-zinc-400",
        isDisabled && "cursor-not-allowed opacity-60",
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500" aria-hidden>
        <UploadIcon className="size-5" />
      </span>
      <span className="text-sm font-medium text-zinc-900">
        Drop trajectory files here, or <span className="text-accent-700 underline">choose files</span>
      </span>
      <span className="text-xs text-zinc-500">JSON, JSONL, YAML, Markdown, text logs, or a zip of many — several at once</span>
      <input
        id="upload-input"
        data-testid="upload-input"
        type="file"
        multiple
        accept={ACCEPTED_EXTENSIONS.join(",")}
        disabled={isDisabled}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = ""; // picking the same file again must fire change again
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}
