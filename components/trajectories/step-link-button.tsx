"use client";

import { useEffect, useState } from "react";

/** Copies the page URL with `#<fragment>` (e.g. #steps=4) to the clipboard. */
export function StepLinkButton({ fragment }: { fragment: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    const url = `${window.location.origin}${window.location.pathname}${window.location.search}#${fragment}`;
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed"); // no clipboard (insecure origin, denied): the step number is a plain link to copy instead
    }
  };

  return (
    <button type="button" onClick={copy} className="text-xs font-medium text-zinc-500 hover:text-zinc-900" aria-live="polite">
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy link"}
    </button>
  );
}
