"use client";

import { useEffect, type RefObject } from "react";

const STEP_SELECTOR = '[data-testid="step"]';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Focuses a step card and brings it into view. */
export function focusStep(element: HTMLElement | null | undefined) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "nearest" });
}

/**
 * j / k move focus to the next / previous step card inside `container` — not while typing in a
 * field, and not with modifier keys (browser shortcuts keep working).
 */
export function useStepKeys(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key !== "j" && event.key !== "k") return;
      const steps = Array.from(container.current?.querySelectorAll<HTMLElement>(STEP_SELECTOR) ?? []);
      if (steps.length === 0) return;
      const current = steps.findIndex((step) => step.contains(document.activeElement));
      const fallback = event.key === "j" ? firstHighlighted(steps) : -1;
      const next = current === -1 ? (fallback === -1 ? 0 : fallback) : current + (event.key === "j" ? 1 : -1);
      event.preventDefault();
      focusStep(steps[Math.max(0, Math.min(steps.length - 1, next))]);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [container]);
}

function firstHighlighted(steps: HTMLElement[]): number {
  return steps.findIndex((step) => step.dataset.highlighted === "true");
}
