// Scripted model answers for the AppWorld Venmo sample (17 steps: a 422 at step 0 fixed at step 1,
// phone login, contact search, Venmo login, a 422 at step 11 fixed at step 12, requests and payment).
import type { FakeOpenAi, ScriptedResponse } from "../../fake-openai";

export const SUBTASKS = [
  { description: "Discover the phone app's contact APIs", applications: ["phone"], stepStart: 0, stepEnd: 2, purpose: "Find the API that lists contacts" },
  { description: "Authenticate with the phone app", applications: ["phone", "supervisor"], stepStart: 3, stepEnd: 6, purpose: "Get an access token" },
  { description: "Find contacts by relationship in the phone app", applications: ["phone"], stepStart: 7, stepEnd: 7, purpose: "Know who shares the expense" },
  { description: "Authenticate with Venmo", applications: ["venmo", "supervisor"], stepStart: 8, stepEnd: 10, purpose: "Get a Venmo access token" },
  { description: "Send payment requests and payments on Venmo", applications: ["venmo"], stepStart: 11, stepEnd: 16, purpose: "Settle the shared costs" },
];

const cause = (description: string, steps: number[]) => ({ description, steps });

const OUTCOME = {
  category: "failure_then_recovery",
  taskCompleted: true,
  confidence: 0.85,
  rationale: "Steps 0 and 11 failed with 422 (guessed API names); the agent listed the APIs (steps 1, 12) and completed the requests and the payment (steps 14, 16).",
  evidence: [{ step: 0, signal: "422 unknown API" }, { step: 1, signal: "listed APIs" }, { step: 16, signal: "payment sent" }],
};

const ATTRIBUTION = {
  summary: "Guessed API names failed twice; listing the app's APIs fixed both.",
  failure: null,
  recovery: {
    whatWentWrong: cause("show_api_doc was called with a guessed API name", [0, 11]),
    howRecognised: cause("the 422 said no API with that name exists", [0, 1]),
    whatFixedIt: cause("show_api_descriptions listed the real names", [1, 12]),
    whyItWorked: "The exact API name came from the app's own list.",
  },
  inefficiency: null,
  success: { strategies: [cause("credentials came from the supervisor app", [4, 5])], whyEffective: "No guessing of passwords." },
  improvementSteps: ["List the app's APIs with show_api_descriptions before reading a spec", "Use the exact name from the list"],
};

const tip = (overrides: Record<string, unknown>) => ({
  category: "recovery",
  content: "When show_api_doc fails because the API name does not exist, list the app's APIs and retry with the exact name.",
  purpose: "Guessed API names fail with 422.",
  steps: ["Call apis.api_docs.show_api_descriptions(app_name=<app>)", "Pick the API matching the intent", "Call show_api_doc with that exact name"],
  trigger: "When an app API call fails because the API is unknown",
  negativeExample: "Do not guess another API name.",
  application: null,
  taskCategory: null,
  priority: "high",
  provenance: [{ stepStart: 0, stepEnd: 1 }],
  evidence: "The guessed API name failed with 422; listing the APIs gave the right one.",
  ...overrides,
});

const LOGIN = tip({
  category: "strategy",
  content: "Before calling an app's authenticated APIs, get its password from supervisor.show_account_passwords() and log in.",
  steps: ["Call apis.supervisor.show_account_passwords()", "Select the entry for the app", "Call the app's login API and keep the access token"],
  trigger: "When a task needs an app's authenticated APIs",
  priority: "critical",
});

/** Tips per unit: task, then a domain + generic pair per subtask (the 4th has an out-of-unit range; subtasks 2 and 4 share a generic tip). */
const TIPS: Record<string, unknown[]> = {
  "Unit: the whole task": [
    tip({ application: "venmo", taskCategory: "payments", content: "When a Venmo API name is rejected, list Venmo's APIs and use create_payment_request for money requests.", provenance: [{ stepStart: 11, stepEnd: 13 }] }),
    tip({}),
  ],
  [`Subtask: ${SUBTASKS[0]!.description}`]: [
    tip({ application: "phone", taskCategory: "api discovery", content: "Before reading a phone API spec, list the phone app's APIs with show_api_descriptions.", provenance: [{ stepStart: 0, stepEnd: 2 }] }),
    tip({}),
  ],
  [`Subtask: ${SUBTASKS[1]!.description}`]: [
    { ...LOGIN, application: "phone", taskCategory: "authentication", content: "Log in to the phone app with the phone number and the password from the supervisor app.", provenance: [{ stepStart: 4, stepEnd: 6 }] },
    { ...LOGIN, provenance: [{ stepStart: 4, stepEnd: 6 }] },
  ],
  [`Subtask: ${SUBTASKS[2]!.description}`]: [
    tip({ category: "strategy", content: "Search contacts with the relationship filter and page through all results.", application: "phone", taskCategory: "data retrieval", provenance: [{ stepStart: 7, stepEnd: 7 }] }),
    tip({ category: "strategy", content: "When a list API is paginated, loop over page_index until an empty page.", provenance: [{ stepStart: 7, stepEnd: 7 }] }),
  ],
  [`Subtask: ${SUBTASKS[3]!.description}`]: [{ ...LOGIN, application: "venmo", taskCategory: "authentication", content: "Log in to Venmo with the password from supervisor.show_account_passwords().", provenance: [{ stepStart: 0, stepEnd: 16 }] }, { ...LOGIN, provenance: [{ stepStart: 8, stepEnd: 10 }] }],
  [`Subtask: ${SUBTASKS[4]!.description}`]: [
    tip({ application: "venmo", taskCategory: "payments", content: "Use create_payment_request to request money on Venmo; list Venmo APIs if a guessed name fails.", provenance: [{ stepStart: 11, stepEnd: 14 }] }),
    tip({ category: "strategy", content: "Compute each person's share before sending any request or payment.", provenance: [{ stepStart: 14, stepEnd: 16 }] }),
  ],
};

const TASK_UNIT = "Unit: the whole task";

/**
 * Three task-level recovery tips (Venmo's rejected API name at 11–13, the generic rule at 0–1, the
 * phone app's at 0–2), for stories that decide on three proposals of one run.
 */
export const TASK_TIPS_FOR_REVIEW: readonly unknown[] = [...TIPS[TASK_UNIT]!, TIPS[`Subtask: ${SUBTASKS[0]!.description}`]![0]];

export interface ExtractionScriptOptions {
  withFaults: boolean;
  granularity?: "task" | "subtask" | "both";
  /** The task unit's answer instead of its usual two tips. */
  taskTips?: readonly unknown[];
}

/** One extraction's worth of answers by prompt id: for fake.script, or POST /__fake/scripts from another process. */
export function extractionScripts(options: ExtractionScriptOptions): Record<string, ScriptedResponse[]> {
  const granularity = options.granularity ?? "both";
  const scripts: Record<string, ScriptedResponse[]> = {
    // `withFaults` adds a 429 and a schema violation first.
    "extraction.outcome": [...(options.withFaults ? [{ status: 429, headers: { "retry-after-ms": "10" } }] : []), { json: OUTCOME }],
    "extraction.attribution": [...(options.withFaults ? [{ json: { summary: 42, recovery: "yes" } }] : []), { json: ATTRIBUTION }],
    "extraction.tips": [],
  };
  for (const [inputIncludes, tips] of Object.entries(TIPS)) {
    const isTask = inputIncludes === TASK_UNIT;
    if ((isTask && granularity === "subtask") || (!isTask && granularity === "task")) continue;
    scripts["extraction.tips"]!.push({ inputIncludes, json: { tips: isTask && options.taskTips ? options.taskTips : tips } });
  }
  if (granularity !== "task") scripts["extraction.segmentation"] = [{ json: { subtasks: SUBTASKS } }];
  return scripts;
}

/** Appends one extraction's worth of answers to the fake's scripts. */
export function scriptExtraction(fake: FakeOpenAi, options: ExtractionScriptOptions): void {
  for (const [promptId, responses] of Object.entries(extractionScripts(options))) fake.script(promptId, ...responses);
}
