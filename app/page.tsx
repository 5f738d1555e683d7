import Link from "next/link";
import type { ComponentType, SVGProps } from "react";
import { ButtonLink } from "@/components/ui/button";
import {
  ActivityIcon,
  ArrowRightIcon,
  CheckSquareIcon,
  LayersIcon,
  SearchIcon,
  UploadIcon,
} from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

type LoopStep = {
  title: string;
  body: string;
  href: string;
  linkLabel: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const LOOP: readonly LoopStep[] = [
  {
    title: "Upload trajectories",
    body: "Add agent run logs (JSON, JSONL or zip). Every run is normalized into one step model you can inspect.",
    href: "/trajectories",
    linkLabel: "Trajectories",
    icon: UploadIcon,
  },
  {
    title: "Extract tips",
    body: "An LLM reads each run and proposes tips: strategies, recoveries and optimizations, with provenance.",
    href: "/jobs",
    linkLabel: "Jobs",
    icon: ActivityIcon,
  },
  {
    title: "Review",
    body: "Approve, reject or edit proposed tips. Only approved tips are ever served to an agent.",
    href: "/review",
    linkLabel: "Review",
    icon: CheckSquareIcon,
  },
  {
    title: "Consolidate",
    body: "Cluster equivalent subtasks and merge redundant or conflicting tips into canonical ones.",
    href: "/clusters",
    linkLabel: "Clusters",
    icon: LayersIcon,
  },
  {
    title: "Retrieve",
    body: "Preview which tips a task retrieves, tune the threshold and top-k, then serve them over the API.",
    href: "/retrieval",
    linkLabel: "Retrieval",
    icon: SearchIcon,
  },
];

export default function DashboardPage() {
  return (
    <>
      <PageHeader
        testId="page-dashboard"
        title="Debrief"
        description="Turn AI-agent execution trajectories into reviewed, retrievable lessons, and serve them to the next agent run."
      />

      <section
        aria-labelledby="next-step-title"
        className="mb-8 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-accent-200 bg-accent-50 px-4 py-3"
      >
        <div className="min-w-0">
          <h2 id="next-step-title" className="text-sm font-semibold text-accent-800">
            Start here: upload your first trajectories
          </h2>
          <p className="mt-0.5 text-sm text-zinc-700">
            Extraction needs an OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM…): check it in{" "}
            <Link href="/settings" className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
              Settings
            </Link>
            . Everything else works offline.
          </p>
        </div>
        <ButtonLink href="/trajectories" variant="primary">
          Upload trajectories
          <ArrowRightIcon className="size-3.5" />
        </ButtonLink>
      </section>

      <h2 className="mb-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase">The loop</h2>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {LOOP.map((step, index) => (
          <li key={step.title} className="flex">
            <LoopCard step={step} number={index + 1} />
          </li>
        ))}
      </ol>
    </>
  );
}

function LoopCard({ step, number }: { step: LoopStep; number: number }) {
  const Icon = step.icon;
  return (
    <Link
      href={step.href}
      data-testid={`loop-step-${number}`}
      className="group flex w-full flex-col rounded-lg border border-zinc-200 bg-white p-4 shadow-xs transition-colors hover:border-accent-300 hover:bg-accent-50/40"
    >
      <div className="mb-3 flex items-center gap-2">
        <span className="flex size-6 items-center justify-center rounded-full bg-zinc-900 text-xs font-semibold text-white tabular-nums">
          {number}
        </span>
        <Icon className="size-4 text-zinc-400 group-hover:text-accent-600" />
      </div>
      <h3 className="text-sm font-semibold text-zinc-900">{step.title}</h3>
      <p className="mt-1 flex-1 text-[13px] leading-5 text-zinc-600">{step.body}</p>
      <span className="mt-3 inline-flex items-center gap-1 text-xs font-medium text-accent-700">
        {step.linkLabel}
        <ArrowRightIcon className="size-3 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}
