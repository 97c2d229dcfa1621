/**
 * Typed errors of the browser client. Elements switch on `instanceof` to pick a message and decide
 * whether a retry makes sense; analytics get `kind` and `status`.
 */
export abstract class ReviewWidgetsError extends Error {
  abstract readonly kind: 'http' | 'network' | 'validation' | 'config';
  override name = 'ReviewWidgetsError';
}

/** The proxy answered with a non-2xx status. */
export class HttpError extends ReviewWidgetsError {
  readonly kind = 'http';
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait before trying again, from the `Retry-After` header. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, DNS, CORS refusal, connection reset). */
export class NetworkError extends ReviewWidgetsError {
  readonly kind = 'network';
  override name = 'NetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The answer broke the data contract; `path` names the field that failed (e.g. `pagination.page`). */
export class ValidationError extends ReviewWidgetsError {
  readonly kind = 'validation';
  override name = 'ValidationError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`Invalid response: ${path ? `${path}: ` : ''}${message}`);
  }
}

/** The element or client was configured wrongly (for instance an endpoint that carries an API key). */
export class ConfigError extends ReviewWidgetsError {
  readonly kind = 'config';
  override name = 'ConfigError';
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
