import type { ReactNode } from "react";
import { cn } from "./cn";

type EmptyStateProps = {
  title: ReactNode;
  /** What will appear here, and why it is empty now. */
  description: ReactNode;
  /** The next step: links or buttons. */
  children?: ReactNode;
  icon?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, children, icon, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center",
        className,
      )}
    >
      {icon ? (
        <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500" aria-hidden>
          {icon}
        </div>
      ) : null}
      <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
      <div className="mt-1.5 max-w-prose space-y-2 text-sm text-zinc-600">{description}</div>
      {children ? <div className="mt-5 flex flex-wrap items-center justify-center gap-2">{children}</div> : null}
    </div>
  );
}
