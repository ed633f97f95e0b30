import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client";

function answered(httpStatus: number) {
  return TRPCClientError.from({
    error: { message: "Not logged in", code: -32001, data: { code: "UNAUTHORIZED", httpStatus, path: "leads.list" } },
  });
}

describe("createQueryClient", () => {
  it("reports a 401 of any query or mutation, except the auth procedures' own", async () => {
    const calls: string[] = [];
    const client = createQueryClient({ onUnauthorized: (c) => calls.push(c === client ? "same client" : "other client") });
    const fail = (status: number) => () => Promise.reject(answered(status));

    await client.fetchQuery({ queryKey: [["leads", "list"], { type: "query" }], queryFn: fail(401) }).catch(() => {});
    expect(calls).toEqual(["same client"]);

    await client.fetchQuery({ queryKey: [["leads", "stats"], { type: "query" }], queryFn: fail(403) }).catch(() => {});
    await client.fetchQuery({ queryKey: [["auth", "me"], { type: "query" }], queryFn: fail(401) }).catch(() => {});
    expect(calls).toHaveLength(1);

    const mutate = (path: string[], status: number) =>
      client
        .getMutationCache()
        .build(client, { mutationKey: [path], mutationFn: fail(status) })
        .execute(undefined)
        .catch(() => {});
    await mutate(["auth", "login"], 401);
    expect(calls).toHaveLength(1);
    await mutate(["leads", "update"], 401);
    expect(calls).toEqual(["same client", "same client"]);
  });

  it("works without a handler", async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["x"], queryFn: () => Promise.reject(answered(401)) })).rejects.toThrow("Not logged in");
  });
});
