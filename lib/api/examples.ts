// Request examples of the agent API (shown in the OpenAPI document; the openapi integration test
// checks each one against its schema).

export const EXAMPLE_RETRIEVE = {
  task: "Complete my pending Venmo payment requests from this week",
  strategy: "llm",
  threshold: 0.6,
  topK: 5,
  granularity: "both",
};

export const EXAMPLE_FEEDBACK = {
  retrievalId: "4f0c6a56-7d8e-4b1a-9c2d-3e4f5a6b7c8d",
  outcome: "success",
  score: 1,
  notes: "All unit tests passed.",
};

export const EXAMPLE_MEMORY = {
  format: "debrief.memory",
  version: 1,
  exportedAt: "2026-11-30T12:00:00.000Z",
  project: { slug: "appworld", name: "AppWorld" },
  clusters: [{ id: "c1", canonicalDescription: "Authenticate with an application", canonicalSource: "llm" }],
  tips: [
    {
      id: "t1",
      category: "recovery",
      priority: "high",
      granularity: "subtask",
      content: "When a login fails with invalid credentials, re-read the app's password with supervisor.show_account_passwords() and retry.",
      purpose: "Each app has its own password; a guessed one fails.",
      steps: ["Call supervisor.show_account_passwords()", "Pick the entry whose account_name is the app", "Retry the login with it"],
      trigger: "Authentication fails on any app after an initial login attempt",
      negativeExample: "Do not retry with the same password.",
      application: null,
      taskCategory: "authentication",
      indexDescription: "Authenticate with an application",
      sourceOutcome: "failure_then_recovery",
      origin: "llm",
      clusterId: "c1",
      provenance: [{ trajectoryId: "9b2e…", externalId: "82e2fac_1", taskDescription: "Pay my Venmo requests", stepStart: 3, stepEnd: 6, outcomeLabel: "success" }],
      createdAt: "2026-11-29T09:30:00.000Z",
    },
  ],
};
