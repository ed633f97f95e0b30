// The error answers every operation of the document shares: the Error body's reference and the
// response made of the reasons an operation refuses with.
import { GENERIC_ERROR_MESSAGE } from "./errors.js";

const ERROR_SCHEMA_REF = { $ref: "#/components/schemas/Error" };

/** A response with the Error body, described by its reasons (one sentence, or a list). */
export function errorResponse(reasons: string[]) {
  const description = reasons.length === 1 ? reasons[0]! : reasons.map((r) => `- ${r}`).join("\n");
  return { description, content: { "application/json": { schema: ERROR_SCHEMA_REF } } };
}

export const INTERNAL_ERROR = errorResponse([
  `An unexpected failure. The message is always "${GENERIC_ERROR_MESSAGE}"; the detail is only logged.`,
]);
