import { describe, expect, it } from "vitest";
import { messageInBody, NETWORK_UPLOAD_ERROR, UNKNOWN_UPLOAD_ERROR, uploadErrorText } from "./upload-errors";

describe("uploadErrorText", () => {
  it("gives the server's JSON message", () => {
    const error = {
      name: "S3ServiceError",
      message: "S3 returned 413",
      status: 413,
      body: '{"message":"The file is larger than 10 MB.","code":"PAYLOAD_TOO_LARGE"}',
    };
    expect(uploadErrorText(error)).toBe("The file is larger than 10 MB.");
  });

  it("gives S3's XML message, such as an expired link's", () => {
    const body = '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';
    expect(uploadErrorText({ name: "S3ServiceError", status: 403, body })).toBe("Request has expired");
  });

  it("says 'Non 2xx' with the status when the answer has no message", () => {
    expect(uploadErrorText({ name: "S3ServiceError", message: "S3 returned 502", status: 502, body: "<html>Bad gateway</html>" })).toBe(
      "Non 2xx response (HTTP 502)",
    );
  });

  it("gives a refused upload link's message", () => {
    expect(uploadErrorText({ name: "TRPCClientError", message: "You are not signed in." })).toBe("You are not signed in.");
  });

  it("explains a network failure", () => {
    expect(uploadErrorText({ name: "S3NetworkError", code: "NETWORK", message: "Network error during S3 request" })).toBe(
      NETWORK_UPLOAD_ERROR,
    );
  });

  it("falls back to the error's message, then 'Unknown error'", () => {
    expect(uploadErrorText(new Error("Something broke"))).toBe("Something broke");
    expect(uploadErrorText(new Error(""))).toBe(UNKNOWN_UPLOAD_ERROR);
    expect(uploadErrorText(undefined)).toBe(UNKNOWN_UPLOAD_ERROR);
  });
});

describe("messageInBody", () => {
  it("ignores empty bodies and JSON without a message", () => {
    expect(messageInBody("")).toBeUndefined();
    expect(messageInBody('{"code":"X"}')).toBeUndefined();
    expect(messageInBody(undefined)).toBeUndefined();
  });
});
