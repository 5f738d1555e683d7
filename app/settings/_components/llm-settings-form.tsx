"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, fieldDescribedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { LlmSettingsView } from "@/lib/settings/schema";
import { saveLlmSettingsAction, testLlmConnectionAction } from "../actions";

type Stage = keyof LlmSettingsView["effectiveModels"];

export function LlmSettingsForm({ initial, stages }: { initial: LlmSettingsView; stages: Stage[] }) {
  const [view, setView] = useState(initial);
  const [baseURL, setBaseURL] = useState(initial.baseURLSource === "settings" ? (initial.baseURL ?? "") : "");
  const [apiKey, setApiKey] = useState("");
  const [defaultModel, setDefaultModel] = useState(initial.defaultModel);
  const [stageModels, setStageModels] = useState<Partial<Record<Stage, string>>>(initial.stageModels);

  const save = useMutation({
    mutationFn: (input: { clearApiKey?: boolean }) =>
      saveLlmSettingsAction({ baseURL, apiKey: apiKey || undefined, defaultModel, stageModels, ...input }),
    onSuccess: (result) => {
      if (!result.ok) return;
      setView(result.data);
      setApiKey("");
    },
  });
  const test = useMutation({ mutationFn: () => testLlmConnectionAction({}) });

  const fieldErrors = save.data && !save.data.ok ? (save.data.error.fieldErrors ?? {}) : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({});
  };
  const testResult = test.data?.ok ? test.data.data : null;

  return (
    <Card data-testid="settings-llm">
      <CardHeader>
        <CardTitle>LLM endpoint</CardTitle>
      </CardHeader>
      <CardBody>
        <form onSubmit={onSubmit} className="space-y-4" aria-label="LLM settings">
          <Field
            htmlFor="llm-base-url"
            label="Base URL"
            hint={
              view.baseURLSource === "env"
                ? `From OPENAI_BASE_URL: ${view.baseURL}. Enter a URL here to override it.`
                : "Any OpenAI-compatible server: OpenAI, Azure, Ollama, vLLM, LM Studio… Empty = api.openai.com."
            }
            error={fieldErrors.baseURL?.[0]}
          >
            <Input
              id="llm-base-url"
              name="baseURL"
              placeholder="https://api.openai.com/v1"
              value={baseURL}
              onChange={(e) => setBaseURL(e.target.value)}
              aria-invalid={Boolean(fieldErrors.baseURL)}
              aria-describedby={fieldDescribedBy("llm-base-url", { hint: true, error: fieldErrors.baseURL?.[0] })}
            />
          </Field>
          <Field
            htmlFor="llm-api-key"
            label="API key"
            hint={
              view.apiKey.isSet
                ? `A key is set (${view.apiKey.source === "env" ? "from OPENAI_API_KEY" : "saved here"}). It is never shown; type a new one to replace it.`
                : "No key set. Local servers often need none."
            }
          >
            <div className="flex gap-2">
              <Input
                id="llm-api-key"
                name="apiKey"
                type="password"
                autoComplete="off"
                placeholder={view.apiKey.isSet ? "•••••••• (unchanged)" : "sk-…"}
                value={apiKey}
                onChange={(e) => setApiKey(e.target.value)}
                aria-describedby={fieldDescribedBy("llm-api-key", { hint: true })}
              />
              {view.apiKey.source === "settings" ? (
                <Button variant="ghost" onClick={() => save.mutate({ clearApiKey: true })}>
                  Remove key
                </Button>
              ) : null}
            </div>
          </Field>
          <Field htmlFor="llm-default-model" label="Default model" hint="Used by every stage without its own model." error={fieldErrors.defaultModel?.[0]}>
            <Input
              id="llm-default-model"
              name="defaultModel"
              value={defaultModel}
              onChange={(e) => setDefaultModel(e.target.value)}
              aria-invalid={Boolean(fieldErrors.defaultModel)}
              aria-describedby={fieldDescribedBy("llm-default-model", { hint: true, error: fieldErrors.defaultModel?.[0] })}
            />
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-xs font-medium text-zinc-700">Model per stage (empty = default model)</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {stages.map((stage) => (
                <label key={stage} className="flex items-center gap-2 text-xs text-zinc-600">
                  <span className="w-28 shrink-0 capitalize">{stage}</span>
                  <Input
                    name={`stage-${stage}`}
                    data-testid={`stage-model-${stage}`}
                    placeholder={defaultModel}
                    value={stageModels[stage] ?? ""}
                    onChange={(e) => setStageModels((current) => ({ ...current, [stage]: e.target.value }))}
                  />
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save LLM settings"}
            </Button>
            <Button onClick={() => test.mutate()} disabled={test.isPending} data-testid="test-connection">
              {test.isPending ? "Testing…" : "Test connection"}
            </Button>
            <p role="status" className="text-sm" data-testid="llm-settings-status">
              {save.data?.ok ? <span className="text-emerald-700">Saved.</span> : null}
              {save.data && !save.data.ok ? <span className="text-red-700">{save.data.error.message}</span> : null}
            </p>
          </div>
          <p role="status" data-testid="connection-result" className="text-sm">
            {testResult?.ok ? (
              <span className="text-emerald-700">
                Connected: {testResult.model} answered in {testResult.latencyMs} ms. Save first to test changed values.
              </span>
            ) : null}
            {testResult && !testResult.ok ? <span className="text-red-700">Connection failed: {testResult.error}</span> : null}
            {test.data && !test.data.ok ? <span className="text-red-700">{test.data.error.message}</span> : null}
          </p>
        </form>
      </CardBody>
    </Card>
  );
}
