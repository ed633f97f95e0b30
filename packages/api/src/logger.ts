/** The slice of a pino logger the procedures and services use (the server passes its pino logger). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
