import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { serverConflicts, serverFieldErrors } from "./server-issues";

const conflict = {
  kind: "appointment",
  message: "Overlaps the appointment with Jo Lee (Jul 13, 2027, 10:00 AM – 11:00 AM)",
  id: "5b0d1f0e-3c2f-4a52-9d55-6f1f6c1f2a10",
  title: "Jo Lee",
  start: "2027-07-13T14:00:00.000Z",
  end: "2027-07-13T15:00:00.000Z",
};

function trpcError(error: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message: "x", code: -32600, data: {}, ...error } as never });
}

describe("serverConflicts", () => {
  it("reads a refused booking's conflicts from the 409's error body", () => {
    const error = trpcError({
      message: "Not scheduled: …",
      code: -32009,
      data: { code: "CONFLICT", httpStatus: 409 },
      conflicts: [conflict],
    });
    expect(serverConflicts(error)).toEqual([conflict]);
  });

  it("is null for any other error, a 409 without conflicts included", () => {
    expect(serverConflicts(trpcError({ code: -32009, data: { code: "CONFLICT", httpStatus: 409 } }))).toBeNull();
    expect(serverConflicts(trpcError({ code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400 }, conflicts: [conflict] }))).toBeNull();
    expect(serverConflicts(new Error("offline"))).toBeNull();
  });
});

describe("serverFieldErrors", () => {
  it("puts the first message of each known field under it", () => {
    const error = trpcError({
      data: {
        issues: [
          { path: "phone", message: "Phone number must be at least 10 digits" },
          { path: "other", message: "x" },
        ],
      },
    });
    expect(serverFieldErrors(error, ["phone", "email"] as const)).toEqual({ phone: "Phone number must be at least 10 digits" });
  });
});
