import type { Step } from "@/lib/trajectory/schema";
import { CollapsibleText } from "./collapsible-text";
import { JsonView } from "./json-view";

/** What the agent did in a step: a call with its arguments, code, a message — as text, never HTML. */
export function StepAction({ step }: { step: Step }) {
  switch (step.kind) {
    case "tool_call":
      return (
        <div className="space-y-1">
          <div className="font-mono text-xs font-semibold break-all text-zinc-900" data-testid="step-tool-name">
            {step.name || "(unnamed tool)"}
            {step.callId ? <span className="ml-2 font-normal text-zinc-400">{step.callId}</span> : null}
          </div>
          {step.arguments === undefined ? (
            <p className="text-xs text-zinc-500">No arguments.</p>
          ) : (
            <JsonView value={step.arguments} testId="step-arguments" />
          )}
        </div>
      );
    case "code":
      return <CollapsibleText text={step.code} isMono maxLines={40} maxChars={4000} testId="step-code" />;
    case "message":
      return <CollapsibleText text={step.text} maxLines={30} maxChars={3000} className="text-zinc-800" testId="step-message" />;
    case "unknown":
      return (
        <p className="text-xs text-zinc-500">
          The importer did not recognise this record{step.sourceType ? ` (${step.sourceType})` : ""}; it is kept whole — open Raw to see it.
        </p>
      );
  }
}
