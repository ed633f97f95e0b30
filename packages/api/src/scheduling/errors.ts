import { DomainError } from "../errors.js";

/** The shared 400 that names each field (errors.ts); scheduling's own errors follow. */
export { badInput } from "../errors.js";

export function notFound(message: string): DomainError {
  return new DomainError("not-found", message);
}

export const TIME_BLOCK_NOT_FOUND = "Time block not found";
export const ASSIGNEE_NOT_FOUND = "No user can be assigned with this id: the account was deleted or never existed";
