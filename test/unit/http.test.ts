import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http";

describe("errorResponse", () => {
  it("maps a zod error to 400 with field errors", async () => {
    const parsed = z.object({ jobId: z.uuid({ message: "Job ids are UUIDs." }) }).safeParse({ jobId: "x" });
    const response = errorResponse(parsed.error);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "INVALID_INPUT", message: "Invalid request.", fieldErrors: { jobId: ["Job ids are UUIDs."] } },
    });
  });

  it("maps AppError codes to their HTTP status", async () => {
    const response = errorResponse(new AppError("DATABASE_UNAVAILABLE", { userMessage: "No database." }));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: "DATABASE_UNAVAILABLE", message: "No database." } });
  });

  it("answers 500 without internals for anything else", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = errorResponse(new Error("secret stack detail"));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain("secret");
    log.mockRestore();
  });
});
