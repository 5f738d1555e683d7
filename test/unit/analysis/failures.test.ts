// Failed actions: error flags, HTTP ≥ 400, non-zero exit codes and tracebacks, each with a short
// normalized error; clean outputs that merely mention codes are not failures.
import { describe, expect, it } from "vitest";
import { analyzeTrajectory } from "@/lib/analysis";
import { detectFailure } from "@/lib/analysis/failures";
import { buildTrajectory, code, replError, tool, user } from "./build-trajectory";

const stepOf = (draft: Parameters<typeof buildTrajectory>[0][number]) => buildTrajectory([draft]).steps[0]!;

describe("detectFailure", () => {
  it.each([
    ['{"status_code": 422, "detail": "payment method required"}', "http_status", "422: payment method required"],
    ["Response status code is 401: not authorized", "http_status", "401: not authorized"],
    ["HTTP/1.1 500 Internal Server Error", "http_status", "500: Internal Server Error"],
    ["<returncode>1</returncode>\n<output>ls: cannot access 'x'</output>", "exit_code", null],
    ['{"exit_code": 1, "stdout": ""}', "exit_code", null],
    ["Process exited with code 2\nOutput:\nfatal: not a git repository", "exit_code", "exit code 2: not a git repository"],
    ['Traceback (most recent call last):\n  File "x.py", line 3\nKeyError: \'id\'', "exception", "KeyError: 'id'"],
  ])("finds a failure in an unflagged observation: %s", (observation, kind, error) => {
    const failure = detectFailure(stepOf(tool("run", { cmd: "x" }, observation)));
    expect(failure?.kind).toBe(kind);
    if (error) expect(failure?.error).toBe(error);
  });

  it.each([
    '{"status_code": 200, "items": []}',
    '{"exit_code": 0}',
    "Caught expected ValueError: max() arg is an empty sequence",
    "The docs say error 404 means the page is missing.",
  ])("does not flag a clean observation: %s", (observation) => {
    expect(detectFailure(stepOf(tool("run", {}, observation)))).toBeNull();
  });

  it("normalizes a flagged HTTP error to status and message", () => {
    const step = stepOf(tool("checkout", { product_id: 17 }, "Error 422: payment method required", { isError: true, errorMessage: "payment method required" }));
    expect(detectFailure(step)).toEqual({ kind: "http_status", error: "422: payment method required", httpStatus: 422, exitCode: null });
  });

  it("reads the server message out of an AppWorld REPL traceback", () => {
    const step = stepOf(code("apis.venmo.create_payment_request(amount=5)", replError(401, "Not authorized."), { isError: true }));
    expect(detectFailure(step)).toMatchObject({ kind: "http_status", httpStatus: 401, error: "401: Not authorized." });
  });

  it("reports an exit code with the error line from the output", () => {
    const step = stepOf(
      tool("exec_command", { cmd: "pytest -q" }, "Process exited with code 1\nOutput:\nE   ModuleNotFoundError: No module named 'calc'\n1 error", {
        isError: true,
        errorMessage: "exit code 1: 1 error",
      }),
    );
    expect(detectFailure(step)).toMatchObject({ kind: "exit_code", exitCode: 1, error: "exit code 1: ModuleNotFoundError: No module named 'calc'" });
  });

  it("strips wrapper prefixes from a flagged error", () => {
    const step = stepOf(tool("read_text_file", { path: "/a/b" }, undefined, { isError: true, errorMessage: "Error executing tool read_text_file: Access denied: /a/b is outside allowed directories" }));
    expect(detectFailure(step)?.error).toBe("Access denied: /a/b is outside allowed directories");
  });

  it("marks user rejections and interruptions as interrupted, not as errors to learn from", () => {
    expect(detectFailure(stepOf(tool("Bash", { command: "ls" }, "The user doesn't want to proceed with this tool use.", { isError: true, errorMessage: "Tool use rejected by the user" })))?.kind).toBe("interrupted");
    expect(detectFailure(stepOf(user("[Request interrupted by user]", { isError: true, errorMessage: "Interrupted by the user" })))?.kind).toBe("interrupted");
  });

  it("caps very long errors", () => {
    const step = stepOf(tool("x", {}, undefined, { isError: true, errorMessage: "boom ".repeat(200) }));
    expect(detectFailure(step)!.error.length).toBeLessThanOrEqual(160);
  });
});

describe("failed actions in the analysis", () => {
  it("lists each failed step with its action and 0-based index", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("search", { q: "mouse" }, "[]"),
        tool("checkout", { product_id: 17 }, '{"status_code": 422, "message": "payment method required"}'),
        code("import os\nos.listdir('.')", "<returncode>2</returncode>"),
      ]),
    );
    expect(analysis.failedActions.map((f) => [f.step, f.action, f.kind])).toEqual([
      [1, "checkout", "http_status"],
      [2, "python", "exit_code"],
    ]);
    expect(analysis.counts).toMatchObject({ steps: 3, toolCalls: 2, codeSteps: 1, errors: 2 });
  });
});
