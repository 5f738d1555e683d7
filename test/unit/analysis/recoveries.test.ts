// Recovery sequences (error → retry or alternative, with what changed), loops of identical
// failing calls, and dead ends that never worked.
import { describe, expect, it } from "vitest";
import { analyzeTrajectory } from "@/lib/analysis";
import { buildTrajectory, code, replError, say, tool } from "./build-trajectory";

const fail = (message: string) => ({ isError: true, errorMessage: message });

describe("recoveries", () => {
  it("links a failed tool call to its successful retry, with the lookup in between and the argument diff", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("search_products", { query: "mouse" }, '[{"id": 17}]'),
        tool("checkout", { product_id: 17 }, "Error 422: payment method required", fail("payment method required")),
        tool("get_payment_methods", {}, '[{"id": "card_visa_1"}]'),
        tool("checkout", { product_id: 17, payment_method_id: "card_visa_1" }, '{"status": "confirmed"}'),
      ]),
    );
    expect(analysis.recoveries).toEqual([
      {
        errorStep: 1,
        failedSteps: [1],
        fixSteps: [2, 3],
        kind: "retry",
        actionKey: "checkout",
        action: "checkout",
        error: "422: payment method required",
        changes: [{ kind: "arg_added", name: "payment_method_id", detail: null, sourceStep: 2 }],
      },
    ]);
    expect(analysis.deadEnds).toEqual([]);
  });

  it("finds the failing API inside a code cell from the traceback line and records the added login call", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        code("people = apis.phone.search_contacts(relationship='roommate')\nfor p in people:\n    apis.venmo.create_payment_request(user_email=p['email'], amount=30)", replError(401, "Not authorized.", 3), { isError: true }),
        code("token = apis.venmo.login(username=u, password=pw)['access_token']\nfor p in people:\n    apis.venmo.create_payment_request(access_token=token, user_email=p['email'], amount=30)", "Execution successful."),
      ]),
    );
    const [recovery] = analysis.recoveries;
    expect(recovery).toMatchObject({ errorStep: 0, fixSteps: [1], kind: "retry", actionKey: "apis.venmo.create_payment_request", error: "401: Not authorized." });
    expect(recovery!.changes).toEqual(
      expect.arrayContaining([
        { kind: "call_added", name: "apis.venmo.login", detail: null, sourceStep: null },
        { kind: "arg_added", name: "access_token", detail: null, sourceStep: null },
      ]),
    );
  });

  it("describes whitespace-only and command-word fixes", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("edit", { text: "return x" }, undefined, fail("E999 IndentationError: unexpected indent")),
        tool("edit", { text: "        return x" }, "File updated."),
        tool("exec_command", { cmd: "pytest -q" }, "Process exited with code 1\nE ModuleNotFoundError: No module named 'calc'", fail("exit code 1")),
        tool("exec_command", { cmd: "PYTHONPATH=src pytest -q" }, "Process exited with code 0\n3 passed"),
      ]),
    );
    expect(analysis.recoveries.map((r) => [r.action, r.changes])).toEqual([
      ["edit", [{ kind: "arg_changed", name: "text", detail: "whitespace only", sourceStep: null }]],
      ["exec_command (pytest)", [{ kind: "arg_changed", name: "cmd", detail: "words added: PYTHONPATH=src", sourceStep: null }]],
    ]);
  });

  it("diffs one-line shell cells like commands and ignores cosmetic arguments", () => {
    const shell = (command: string, observation: string, extra = {}) => ({ kind: "code" as const, language: "bash", code: command, observation, ...extra });
    const analysis = analyzeTrajectory(
      buildTrajectory([
        shell("pytest -q tests", "<returncode>1</returncode>", fail("exit code 1")),
        shell("PYTHONPATH=src pytest -q tests", "<returncode>0</returncode>"),
        tool("Bash", { command: "make", description: "Build" }, undefined, fail("exit code 2: missing target")),
        tool("Bash", { command: "make all", description: "Build everything" }, "ok"),
      ]),
    );
    expect(analysis.recoveries.map((r) => [r.action, r.changes])).toEqual([
      ["`pytest`", [{ kind: "arg_changed", name: "command", detail: "words added: PYTHONPATH=src", sourceStep: null }]],
      ["Bash (make)", [{ kind: "arg_changed", name: "command", detail: "words added: all", sourceStep: null }]],
    ]);
  });

  it("does not treat a later unrelated run of the same shell tool as the fix", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("Bash", { command: "pytest" }, "exit code 1", fail("exit code 1")),
        tool("Bash", { command: "ls" }, "a b"),
      ]),
    );
    expect(analysis.recoveries).toEqual([]);
    expect(analysis.deadEnds).toMatchObject([{ actionKey: "Bash:pytest", steps: [0], isTerminal: false }]);
  });

  it("accepts an alternative action on the same app right after the failure", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("spotify_search_songs", { query: "x" }, undefined, fail("Endpoint deprecated")),
        tool("spotify_find_tracks", { query: "x" }, "[1, 2]"),
      ]),
    );
    expect(analysis.recoveries).toMatchObject([{ errorStep: 0, fixSteps: [1], kind: "alternative", changes: [{ kind: "switched_action", name: "spotify_find_tracks" }] }]);
  });

  it("fixes a rejected response with the agent's next successful action", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([say("{oops", fail("Missing required fields: analysis, plan")), tool("bash_command", { keystrokes: "ls\n" }, "a b")]),
    );
    expect(analysis.recoveries).toMatchObject([{ errorStep: 0, fixSteps: [1], kind: "alternative", action: "the agent's response" }]);
  });

  it("does not learn from a failed user or system turn", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([{ kind: "message", role: "system", text: "Rate limit reached", isError: true, errorMessage: "429: rate limit" }, tool("get", {}, "ok")]),
    );
    expect(analysis.failedActions).toHaveLength(1);
    expect(analysis.recoveries).toEqual([]);
    expect(analysis.deadEnds).toEqual([]);
    expect(analysis.loops).toEqual([]);
  });

  it("ignores user interruptions", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([tool("Bash", { command: "mix phx.server" }, "rejected", fail("Tool use rejected by the user")), tool("Bash", { command: "mix phx.server" }, "ok")]),
    );
    expect(analysis.recoveries).toEqual([]);
    expect(analysis.deadEnds).toEqual([]);
  });

  it("does not count a retry the user rejected as a failed attempt", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("Bash", { command: "npm test" }, "exit code 1", fail("exit code 1: 2 failed")),
        tool("Bash", { command: "npm test -- --fix" }, "rejected", fail("Tool use rejected by the user")),
        tool("Bash", { command: "npm test -- -u" }, "exit code 0\nall passed"),
      ]),
    );
    expect(analysis.recoveries).toMatchObject([{ errorStep: 0, failedSteps: [0], fixSteps: [2], error: "exit code 1: 2 failed" }]);
  });
});

describe("loops and dead ends", () => {
  it("finds identical failing calls repeated, and the dead end they end in", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("login", { user: "a" }, "401 invalid credentials", fail("401: invalid credentials")),
        tool("login", { user: "a" }, "401 invalid credentials", fail("401: invalid credentials")),
        tool("login", { user: "a" }, "401 invalid credentials", fail("401: invalid credentials")),
      ]),
    );
    expect(analysis.loops).toEqual([{ actionKey: "login", action: "login", steps: [0, 1, 2], error: "401: invalid credentials" }]);
    expect(analysis.deadEnds).toEqual([{ actionKey: "login", action: "login", steps: [0, 1, 2], error: "401: invalid credentials", isTerminal: true }]);
    expect(analysis.outcome).toMatchObject({ category: "failure", basis: "inferred" });
  });

  it("keeps a retried failure with different arguments out of the loops", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("Search", { query: "a b" }, "Could not find [a b].", fail("Could not find [a b].")),
        tool("Search", { query: "a" }, "Could not find [a].", fail("Could not find [a].")),
        tool("Search", { query: "b" }, "B is a thing."),
      ]),
    );
    expect(analysis.loops).toEqual([]);
    expect(analysis.recoveries).toMatchObject([{ errorStep: 0, failedSteps: [0, 1], fixSteps: [2], error: "Could not find [a]." }]);
  });
});
