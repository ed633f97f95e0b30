import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import { errorText, httpStatusOf, readableErrorText, responseErrorText, toastErrorText, trpcErrorText } from "./http-error";

describe("errorText", () => {
  it("uses the body's message when it is a non-empty string", () => {
    expect(errorText(401, '{"message":"Invalid email or password"}')).toBe("401: Invalid email or password");
    expect(errorText(400, { message: "Username already exists", code: "CONFLICT" })).toBe("400: Username already exists");
  });

  it("falls back to the whole JSON body as text when message is missing, empty or not a string", () => {
    expect(errorText(500, '{"error":"boom"}')).toBe('500: {"error":"boom"}');
    expect(errorText(500, { message: "" })).toBe('500: {"message":""}');
    expect(errorText(500, { message: 42 })).toBe('500: {"message":42}');
    expect(errorText(422, [1, 2])).toBe("422: [1,2]");
  });

  it("uses a non-empty plain-text body", () => {
    expect(errorText(502, "Bad gateway from proxy")).toBe("502: Bad gateway from proxy");
  });

  it("uses the status text when the body is empty", () => {
    expect(errorText(503, "", "Service Unavailable")).toBe("503: Service Unavailable");
    expect(errorText(404, "   ", "Not Found")).toBe("404: Not Found");
    expect(errorText(404, undefined, "Not Found")).toBe("404: Not Found");
  });

  it("falls back to 'Request failed'", () => {
    expect(errorText(500, "")).toBe("500: Request failed");
    expect(errorText(500, null, "")).toBe("500: Request failed");
  });
});

describe("responseErrorText", () => {
  it("reads the response body", async () => {
    const response = new Response('{"message":"Not logged in"}', { status: 401, statusText: "Unauthorized" });
    await expect(responseErrorText(response)).resolves.toBe("401: Not logged in");
  });

  it("uses the status text for an empty body", async () => {
    const response = new Response(null, { status: 500, statusText: "Internal Server Error" });
    await expect(responseErrorText(response)).resolves.toBe("500: Internal Server Error");
  });
});

function trpcError(message: string, httpStatus?: number) {
  return TRPCClientError.from({
    error: {
      message,
      code: -32001,
      data: httpStatus === undefined ? {} : { code: "UNAUTHORIZED", httpStatus, path: "auth.me" },
    },
  });
}

describe("trpcErrorText", () => {
  it("formats a tRPC error with its HTTP status", () => {
    const error = trpcError("Invalid email or password", 401);
    expect(httpStatusOf(error)).toBe(401);
    expect(trpcErrorText(error)).toBe("401: Invalid email or password");
  });

  it("takes the status from the response when data has none", () => {
    const error = TRPCClientError.from(
      { error: { message: "Too many attempts", code: -32029, data: {} } },
      { meta: { response: new Response(null, { status: 429, statusText: "Too Many Requests" }) } },
    );
    expect(trpcErrorText(error)).toBe("429: Too many attempts");
  });

  it("gives the message of errors without a status", () => {
    expect(trpcErrorText(TRPCClientError.from(new TypeError("Failed to fetch")))).toBe("Failed to fetch");
    expect(trpcErrorText(new Error("boom"))).toBe("boom");
    expect(trpcErrorText("weird")).toBe("Request failed");
  });
});

describe("readableErrorText and toastErrorText", () => {
  function badInput(message: string, issues: { path: string; message: string }[]) {
    return TRPCClientError.from({ error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, issues } } });
  }

  it("reads the sentence of each invalid field, without the status or the field's name", () => {
    const error = badInput("endDateTime: End must be after the start", [{ path: "endDateTime", message: "End must be after the start" }]);
    expect(trpcErrorText(error)).toBe("400: endDateTime: End must be after the start");
    expect(readableErrorText(error)).toBe("End must be after the start");
    const two = badInput("a: One. b: Two.", [
      { path: "a", message: "One." },
      { path: "b", message: "Two." },
      { path: "c", message: "Two." },
    ]);
    expect(readableErrorText(two)).toBe("One. Two.");
  });

  it("reads the message of any other refusal, and an error's own message without a status", () => {
    expect(readableErrorText(trpcError("Invalid email or password", 401))).toBe("Invalid email or password");
    expect(readableErrorText(TRPCClientError.from(new TypeError("Failed to fetch")))).toBe("Failed to fetch");
    expect(readableErrorText("weird")).toBe("Request failed");
  });

  it("puts the status: detail text in the console", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(toastErrorText(trpcError("Invalid email or password", 401))).toBe("Invalid email or password");
      expect(spy).toHaveBeenCalledWith("401: Invalid email or password");
    } finally {
      spy.mockRestore();
    }
  });
});
