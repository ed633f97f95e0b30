import { DomainError, type FieldIssue } from "../errors.js";

/** A 400 naming each field, in the same words as a schema failure ("endTime: End time must be after start time"). */
export function badInput(issues: FieldIssue[]): DomainError {
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
  return new DomainError("bad-input", message || "Invalid input", issues);
}

export function notFound(message: string): DomainError {
  return new DomainError("not-found", message);
}

export const TIME_BLOCK_NOT_FOUND = "Time block not found";
export const ASSIGNEE_NOT_FOUND = "No user has this id";
