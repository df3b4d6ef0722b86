/**
 * The errors a module raises for the caller's mistakes. The errors plugin turns
 * each into its status and the one error body, `{ message, errors? }`.
 */

/** 404: no such record, or one the caller may not see (the two answers are the same). */
export class NotFoundError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('Not found');
    this.name = 'NotFoundError';
  }
}

/** 409: the record would clash with one that exists, on `field`. */
export class ConflictError extends Error {
  readonly statusCode = 409;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** A refusal with its own status and message (400, 413, 415…), optionally naming fields, or a `problem` code a client acts on. */
export class RequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly problem?: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/**
 * 503 with Retry-After: the server is too busy for this request now; the same request later will do.
 * 429 when the caller's own requests are what it is busy with (their share is used up).
 */
export class BusyError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly statusCode: 429 | 503 = 503,
  ) {
    super(message);
    this.name = 'BusyError';
  }
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** PostgreSQL's error code, on the error or (through drizzle) its cause. */
const sqlState = (error: unknown) => (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

export const isUniqueViolation = (error: unknown) => sqlState(error) === UNIQUE_VIOLATION;

/**
 * Runs a write; a unique-constraint violation becomes a ConflictError on the field, and
 * a missing parent (a foreign key to a record that does not exist) a NotFoundError.
 */
export async function unlessDuplicate<T>(field: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(field, message);
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new NotFoundError();
    throw error;
  }
}
