import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Shared look of text-like controls; `aria-invalid` turns the border red. */
export const CONTROL_CLASSES =
  "block w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-xs " +
  "placeholder:text-zinc-400 focus-visible:border-accent-600 focus-visible:outline-accent-600 " +
  "disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-500 " +
  "aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-600";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(CONTROL_CLASSES, "h-8", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(CONTROL_CLASSES, "py-1.5", className)} {...props} />;
}
