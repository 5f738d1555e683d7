import { describe, expect, it } from "vitest";
import type { Job } from "@/lib/db/generated/client";
import { jobToView } from "@/lib/jobs/view";

function buildJob(overrides: Partial<Job> = {}): Job {
  return {
    id: "8f0c2b8e-3f4a-4c1e-9a55-0c0d7d1c2b3a",
    name: "reembed-project",
    projectId: null,
    payload: {},
    status: "running",
    done: 0,
    total: null,
    currentItem: null,
    itemErrors: [],
    error: null,
    attempts: 1,
    retryOfId: null,
    createdAt: new Date("2026-11-29T10:00:00Z"),
    startedAt: null,
    heartbeatAt: null,
    finishedAt: null,
    ...overrides,
  };
}

describe("jobToView", () => {
  it("gives the job type's title and a rounded percentage", () => {
    expect(jobToView(buildJob({ done: 1, total: 3 }))).toMatchObject({ title: "Re-embed project texts", percent: 33 });
  });

  it("has no percentage until the total is known, and 100 for an empty job", () => {
    expect(jobToView(buildJob()).percent).toBeNull();
    expect(jobToView(buildJob({ total: 0 })).percent).toBe(100);
  });

  it("says which models an extraction job runs on, and nothing for jobs without a description", () => {
    const payload = { projectId: "8f0c2b8e-3f4a-4c1e-9a55-0c0d7d1c2b3a", granularity: "task", mode: "llm", models: { extraction: "gpt-4.1-nano", attribution: "gpt-4.1", segmentation: "gpt-4.1-mini" } };
    expect(jobToView(buildJob({ name: "extract-trajectories", payload })).summary).toBe("LLM · task · extraction gpt-4.1-nano · attribution gpt-4.1 · segmentation gpt-4.1-mini");
    expect(jobToView(buildJob({ name: "extract-trajectories", payload: { ...payload, models: undefined } })).summary).toBe("LLM · task · Settings models");
    expect(jobToView(buildJob({ name: "extract-trajectories", payload: { ...payload, mode: "offline" } })).summary).toBe("Offline (heuristic)");
    expect(jobToView(buildJob({ name: "extract-trajectories", payload: { broken: true } })).summary).toBeNull();
    expect(jobToView(buildJob()).summary).toBeNull();
  });

  it("falls back to the job name for unknown types and serializes dates", () => {
    const view = jobToView(buildJob({ name: "mystery", finishedAt: new Date("2026-11-29T10:05:00Z") }));
    expect(view.title).toBe("mystery");
    expect(view.finishedAt).toBe("2026-11-29T10:05:00.000Z");
    expect(view.createdAt).toBe("2026-11-29T10:00:00.000Z");
  });
});
