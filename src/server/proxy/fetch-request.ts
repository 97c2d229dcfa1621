/** A `ProxyRequest` over a Fetch `Request` (its method on the prototype: no closure per request). */
import type { ProxyRequest } from './types.ts';

export class FetchRequest implements ProxyRequest {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly origin: string;

  constructor(
    private readonly request: Request,
    url: URL,
    readonly clientAddress: string | undefined,
  ) {
    this.method = request.method;
    this.pathname = url.pathname;
    this.search = url.search;
    this.origin = url.origin;
  }

  header(name: string): string | null {
    return this.request.headers.get(name);
  }
}
