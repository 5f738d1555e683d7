"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, fieldDescribedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ApiKeyView } from "@/lib/api-keys/api-keys";
import { ProjectSelect } from "../../trajectories/_components/project-select";
import { createApiKeyAction, revokeApiKeyAction } from "../actions";

type ApiKeysSectionProps = {
  project: { id: string; slug: string; name: string };
  projects: { slug: string; name: string }[];
  initialKeys: ApiKeyView[];
};

/** A project's API keys: create (the key is shown once), list, revoke. */
export function ApiKeysSection({ project, projects, initialKeys }: ApiKeysSectionProps) {
  const [keys, setKeys] = useState(initialKeys);
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const create = useMutation({
    mutationFn: () => createApiKeyAction({ projectId: project.id, name }),
    onSuccess: (result) => {
      if (!result.ok) return;
      const { key, ...view } = result.data;
      setKeys((current) => [view, ...current]);
      setCreated({ name: view.name, key });
      setName("");
    },
  });
  const fieldErrors = create.data && !create.data.ok ? (create.data.error.fieldErrors ?? {}) : {};
  const formError = create.data && !create.data.ok && !fieldErrors.name ? create.data.error.message : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    create.mutate();
  };

  return (
    <Card data-testid="settings-api-keys">
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <ProjectSelect options={projects} current={project.slug} />
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-sm text-zinc-600">
          Agents call <code className="text-xs">/api/v1</code> (retrieve, feedback, trajectories, memory export / import) with{" "}
          <code className="text-xs">Authorization: Bearer &lt;key&gt;</code>; a key reads and writes only project{" "}
          <strong>{project.name}</strong>. Only a hash is stored: a key is shown once, when it is created. The API is described at{" "}
          <a href="/api/v1/openapi.json" className="font-medium text-accent-700 hover:underline" target="_blank" rel="noreferrer">
            /api/v1/openapi.json
          </a>
          .
        </p>
        <form onSubmit={onSubmit} className="flex items-end gap-2" aria-label="New key">
          <Field htmlFor="api-key-name" label="New key's name" error={fieldErrors.name?.[0]} className="flex-1">
            <Input
              id="api-key-name"
              data-testid="api-key-name"
              placeholder="e.g. appworld-agent"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={Boolean(fieldErrors.name)}
              aria-describedby={fieldDescribedBy("api-key-name", { error: fieldErrors.name?.[0] })}
            />
          </Field>
          <Button type="submit" variant="primary" disabled={create.isPending} data-testid="api-key-create">
            {create.isPending ? "Creating…" : "Create key"}
          </Button>
        </form>
        {formError ? (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        ) : null}
        {created ? <CreatedKey name={created.name} apiKey={created.key} onDone={() => setCreated(null)} /> : null}
        <KeyList keys={keys} projectId={project.id} onRevoked={(view) => setKeys((current) => current.map((key) => (key.id === view.id ? view : key)))} />
      </CardBody>
    </Card>
  );
}

function CreatedKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  return (
    <div className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3" data-testid="api-key-created" role="status">
      <p className="text-sm font-medium text-emerald-800">Key &quot;{name}&quot; created. Copy it now: it will not be shown again.</p>
      <div className="flex items-center gap-2">
        <code className="flex-1 overflow-x-auto rounded bg-white px-2 py-1 font-mono text-xs text-zinc-900 ring-1 ring-emerald-200" data-testid="api-key-value">
          {apiKey}
        </code>
        <CopyButton text={apiKey} testId="api-key-copy" />
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function KeyList({ keys, projectId, onRevoked }: { keys: ApiKeyView[]; projectId: string; onRevoked: (key: ApiKeyView) => void }) {
  if (keys.length === 0) return <p className="text-sm text-zinc-500" data-testid="api-keys-empty">No API keys for this project yet.</p>;
  return (
    <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200" data-testid="api-key-list">
      {keys.map((key) => (
        <KeyRow key={key.id} apiKey={key} projectId={projectId} onRevoked={onRevoked} />
      ))}
    </ul>
  );
}

function KeyRow({ apiKey, projectId, onRevoked }: { apiKey: ApiKeyView; projectId: string; onRevoked: (key: ApiKeyView) => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeApiKeyAction({ id: apiKey.id, projectId }),
    onSuccess: (result) => {
      if (result.ok) onRevoked(result.data);
      setIsConfirming(false);
    },
  });
  const isRevoked = apiKey.revokedAt !== null;
  return (
    <li className="flex items-center gap-3 px-3 py-2 text-sm" data-testid="api-key-row" data-key-id={apiKey.id} data-revoked={isRevoked}>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-zinc-900">
          {apiKey.name} <code className="ml-1 font-mono text-xs text-zinc-500">{apiKey.prefix}…</code>
        </p>
        <p className="text-xs text-zinc-500">
          Created {utc(apiKey.createdAt)} · {apiKey.lastUsedAt ? `last used ${utc(apiKey.lastUsedAt)}` : "never used"}
          {isRevoked ? ` · revoked ${utc(apiKey.revokedAt!)}` : ""}
        </p>
        {revoke.data && !revoke.data.ok ? <p className="text-xs text-red-700">{revoke.data.error.message}</p> : null}
      </div>
      {isRevoked ? (
        <Badge tone="danger">Revoked</Badge>
      ) : isConfirming ? (
        <div className="flex items-center gap-1.5">
          <span className="text-xs text-zinc-600">Agents using it will get 401.</span>
          <Button size="sm" variant="danger" onClick={() => revoke.mutate()} disabled={revoke.isPending} data-testid="api-key-revoke-confirm">
            {revoke.isPending ? "Revoking…" : "Revoke"}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setIsConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setIsConfirming(true)} data-testid="api-key-revoke">
          Revoke…
        </Button>
      )}
    </li>
  );
}

/** Deterministic on server and client (no locale or time-zone difference to hydrate). */
function utc(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}
