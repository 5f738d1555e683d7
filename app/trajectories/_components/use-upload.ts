"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { withProject } from "@/lib/trajectories/project-param";
import { sendUpload } from "./upload-request";
import type { FileResult, UploadSummary } from "./upload-stream";

export interface UploadState {
  phase: "idle" | "uploading" | "processing" | "done" | "error";
  /** The files of the batch in send order. */
  files: File[];
  loaded: number;
  total: number;
  results: FileResult[];
  summary: UploadSummary | null;
  /** A failure of the whole batch (network, HTTP, server error line); per-file errors are in results. */
  error: string | null;
}

const IDLE: UploadState = { phase: "idle", files: [], loaded: 0, total: 0, results: [], summary: null, error: null };

/** Runs one batch upload and accumulates its streamed per-file results. */
export function useUpload({ projectSlug }: { projectSlug: string }) {
  const [state, setState] = useState<UploadState>(IDLE);
  const abortRef = useRef<(() => void) | null>(null);
  useEffect(() => () => abortRef.current?.(), []);

  // Leaving the page cancels the request: ask first while a batch is in flight.
  const isBusy = state.phase === "uploading" || state.phase === "processing";
  useEffect(() => {
    if (!isBusy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isBusy]);

  const start = useCallback(
    async (files: File[], format: string) => {
      setState({ ...IDLE, phase: "uploading", files });
      const request = sendUpload({
        url: withProject("/api/trajectories/import", projectSlug, { format }),
        files,
        callbacks: {
          onUploadProgress: (loaded, total) =>
            setState((s) => ({ ...s, loaded, total, phase: s.phase === "uploading" && total > 0 && loaded >= total ? "processing" : s.phase })),
          onLine: (line) =>
            setState((s) => {
              if (line.type === "file") return { ...s, results: [...s.results, line] };
              if (line.type === "summary") return { ...s, summary: line };
              return { ...s, error: line.message };
            }),
        },
      });
      abortRef.current = request.abort;
      const end = await request.done;
      abortRef.current = null;
      setState((s) => {
        if (end.kind === "aborted") return s;
        if (end.kind !== "finished") return { ...s, phase: "error", error: end.message };
        if (s.error) return { ...s, phase: "error" };
        if (!s.summary) return { ...s, phase: "error", error: "The server stopped before reporting every file. The files listed below were processed; upload the rest again." };
        return { ...s, phase: "done", loaded: s.total, error: null };
      });
    },
    [projectSlug],
  );

  const reset = useCallback(() => setState(IDLE), []);
  return { state, start, reset };
}
