import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { AppError } from "@/lib/errors";

const schema = z.object({ name: z.string().min(2, "Too short."), count: z.number().int() });

describe("defineAction", () => {
  it("passes parsed input to the handler and wraps the result", async () => {
    const action = defineAction(schema, async ({ name, count }) => `${name}:${count}`);
    await expect(action({ name: "ok", count: 2 })).resolves.toEqual({ ok: true, data: "ok:2" });
  });

  it("returns field errors for invalid input without calling the handler", async () => {
    const handler = vi.fn();
    const action = defineAction(schema, handler);
    const result = await action({ name: "x", count: 1.5 });
    expect(handler).not.toHaveBeenCalled();
    expect(result).toMatchObject({ ok: false, error: { code: "INVALID_INPUT", fieldErrors: { name: ["Too short."] } } });
    expect(result.ok ? null : result.error.fieldErrors?.count).toHaveLength(1);
  });

  it("turns an AppError into its code and user message", async () => {
    const action = defineAction(schema, async () => {
      throw new AppError("JOB_NOT_FOUND", { message: "internal detail", userMessage: "That job does not exist." });
    });
    await expect(action({ name: "ok", count: 1 })).resolves.toEqual({
      ok: false,
      error: { code: "JOB_NOT_FOUND", message: "That job does not exist." },
    });
  });

  it("hides unexpected errors behind a generic message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const action = defineAction(schema, async () => {
      throw new Error("connection refused at 10.0.0.5:5432");
    });
    const result = await action({ name: "ok", count: 1 });
    expect(result).toMatchObject({ ok: false, error: { code: "INTERNAL" } });
    expect(JSON.stringify(result)).not.toContain("10.0.0.5");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
