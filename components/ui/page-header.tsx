import type { ReactNode } from "react";

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (primary action last). */
  actions?: ReactNode;
  /** `data-testid` of the heading region, e.g. "page-review". */
  testId?: string;
};

export function PageHeader({ title, description, actions, testId }: PageHeaderProps) {
  return (
    <header
      data-testid={testId}
      className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-3 border-b border-zinc-200 pb-4"
    >
      <div className="min-w-0 max-w-3xl">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-zinc-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
