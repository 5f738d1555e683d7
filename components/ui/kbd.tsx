import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A keyboard key, e.g. <Kbd>j</Kbd>. */
export function Kbd({ className, ...props }: ComponentProps<"kbd">) {
  return (
    <kbd
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded border border-zinc-300 bg-zinc-50 px-1 text-[11px] font-medium text-zinc-700 shadow-[0_1px_0_var(--color-zinc-300)]",
        className,
      )}
      {...props}
    />
  );
}
