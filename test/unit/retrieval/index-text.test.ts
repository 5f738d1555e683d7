import { describe, expect, it } from "vitest";
import { retrievalDescription } from "@/lib/retrieval/index-text";

const cluster = (canonicalDescription: string, state = "active") => ({ canonicalDescription, state });

describe("retrievalDescription", () => {
  it("indexes task-level tips by their task description, even when clustered", () => {
    expect(retrievalDescription({ granularity: "task", indexDescription: "Pay the Venmo requests", cluster: cluster("Pay requests") })).toBe("Pay the Venmo requests");
  });

  it("indexes a clustered subtask tip by the cluster's canonical description", () => {
    expect(retrievalDescription({ granularity: "subtask", indexDescription: "Log in to Spotify", cluster: cluster("Authenticate with an app") })).toBe("Authenticate with an app");
  });

  it("falls back to the generalized subtask description while unclustered, or when the cluster is archived or blank", () => {
    expect(retrievalDescription({ granularity: "subtask", indexDescription: "Log in to Spotify", cluster: null })).toBe("Log in to Spotify");
    expect(retrievalDescription({ granularity: "subtask", indexDescription: "Log in to Spotify", cluster: cluster("Authenticate", "archived") })).toBe("Log in to Spotify");
    expect(retrievalDescription({ granularity: "subtask", indexDescription: "Log in to Spotify", cluster: cluster("  ") })).toBe("Log in to Spotify");
  });
});
