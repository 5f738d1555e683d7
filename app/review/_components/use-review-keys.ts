"use client";

import { useEffect, useEffectEvent } from "react";

export type ReviewKey = "j" | "k" | "a" | "r" | "e" | "u" | "x" | "Escape";

const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset"]);

/** True while focus is in a text field: its keys are the user's text, not shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  return target instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(target.type);
}

/**
 * The review queue's single-key shortcuts on the whole page — not while typing in a field, not
 * with modifier keys (browser shortcuts keep working). Fields handle their own Enter / Esc.
 */
export function useReviewKeys(handlers: Partial<Record<ReviewKey, () => void>>) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const handler = handlers[event.key as ReviewKey];
    if (!handler) return;
    event.preventDefault(); // e.g. "r" must not type into the reason field it opens
    handler();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}

/** The hint bar's content, in one place with the keys above. */
export const REVIEW_KEY_HINTS: [string, string][] = [
  ["j / k", "next / previous"],
  ["a", "approve"],
  ["r", "reject"],
  ["e", "edit"],
  ["u", "undo"],
  ["x", "select"],
  ["Esc", "cancel"],
];
