"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, fieldDescribedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { EmbeddingSettingsView } from "@/lib/settings/schema";
import { saveEmbeddingSettingsAction } from "../actions";

const LOCAL_MODEL = "local-hash-v1";

export function EmbeddingSettingsForm({ initial }: { initial: EmbeddingSettingsView }) {
  const [model, setModel] = useState(initial.model);
  const [dimension, setDimension] = useState(initial.isLocal ? "" : String(initial.dimension ?? ""));
  const save = useMutation({
    mutationFn: () => saveEmbeddingSettingsAction({ model, dimension: dimension ? Number(dimension) : undefined }),
  });
  const fieldErrors = save.data && !save.data.ok ? (save.data.error.fieldErrors ?? {}) : {};
  const isLocal = model.trim() === LOCAL_MODEL;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <Card data-testid="settings-embedding">
      <CardHeader>
        <CardTitle>Embeddings</CardTitle>
      </CardHeader>
      <CardBody>
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Embedding settings">
          <Field
            htmlFor="embedding-model"
            label="Embedding model"
            hint={`${LOCAL_MODEL} is built in: no network, no weights (256 dimensions). Any other name is requested from the LLM endpoint's /embeddings. After a change, re-embed from the Jobs page.`}
            error={fieldErrors.model?.[0]}
          >
            <Input
              id="embedding-model"
              name="embeddingModel"
              value={model}
              onChange={(e) => setModel(e.target.value)}
              aria-invalid={Boolean(fieldErrors.model)}
              aria-describedby={fieldDescribedBy("embedding-model", { hint: true, error: fieldErrors.model?.[0] })}
            />
          </Field>
          {!isLocal ? (
            <Field htmlFor="embedding-dimension" label="Dimension" hint="Leave empty for OpenAI's text-embedding-3 models." error={fieldErrors.dimension?.[0]}>
              <Input
                id="embedding-dimension"
                name="embeddingDimension"
                inputMode="numeric"
                value={dimension}
                onChange={(e) => setDimension(e.target.value)}
                aria-invalid={Boolean(fieldErrors.dimension)}
                aria-describedby={fieldDescribedBy("embedding-dimension", { hint: true, error: fieldErrors.dimension?.[0] })}
              />
            </Field>
          ) : null}
          <div className="flex items-center gap-3">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save embedding settings"}
            </Button>
            <p role="status" className="text-sm" data-testid="embedding-settings-status">
              {save.data?.ok ? (
                <span className="text-emerald-700">
                  Saved: {save.data.data.model} ({save.data.data.dimension ?? "?"} dimensions).
                </span>
              ) : null}
              {save.data && !save.data.ok ? <span className="text-red-700">{save.data.error.message}</span> : null}
            </p>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
