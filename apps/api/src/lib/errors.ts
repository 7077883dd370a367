// The one error type services throw; plugins/errors.ts maps it to HTTP status and
// { success: false, message } (and, for a form refused field by field, `problems`) in one place.

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'payment_failed'
  | 'unavailable';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  payment_failed: 402,
  unavailable: 503,
};

/**
 * What the client can do about an error besides showing it: `restart` = reopen the payment
 * window on the same order (PayPal's declined funding source).
 */
export type ErrorReason = 'restart';

/** A refusal that names each wrong field: its key (a question's id, a list's index) → the Spanish message. */
export type Problems = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reason?: ErrorReason,
    readonly problems?: Problems,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}
