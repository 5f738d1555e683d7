"use client";

import { useEffect, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

/** Copies `text` to the clipboard and says so for two seconds (or that it failed: no clipboard on insecure origins). */
export function CopyButton({
  text,
  label = "Copy",
  variant = "secondary",
  size = "sm",
  testId,
}: {
  text: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  testId?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <Button variant={variant} size={size} onClick={copy} data-testid={testId} data-state={state} aria-live="polite">
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed — select and copy" : label}
    </Button>
  );
}
