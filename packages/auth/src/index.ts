export { hashPassword, verifyPassword, dummyPasswordHash } from "./password.js";
export {
  createAuth,
  sessionIdFromToken,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE_NAME,
  SESSION_IDLE,
  type Auth,
  type Cookie,
  type SessionUser,
  type ValidatedSession,
} from "./session.js";
