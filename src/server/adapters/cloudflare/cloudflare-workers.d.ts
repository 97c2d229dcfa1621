/**
 * The few Workers runtime types the Durable Object store and the Worker entry use, declared here instead of
 * depending on @cloudflare/workers-types (whose globals would clash with the DOM and Node types the rest of
 * the project is checked against). Shapes as documented at developers.cloudflare.com/durable-objects/api/.
 */
declare module 'cloudflare:workers' {
  /** `ctx.storage.sql` of a SQLite-backed Durable Object: synchronous, atomic within one event. */
  export interface SqlStorage {
    exec<Row extends Record<string, SqlValue>>(query: string, ...bindings: SqlValue[]): SqlCursor<Row>;
  }
  export type SqlValue = string | number | null | ArrayBuffer;
  export interface SqlCursor<Row> extends Iterable<Row> {
    toArray(): Row[];
    one(): Row;
    readonly rowsWritten: number;
  }

  export interface DurableObjectStorage {
    readonly sql: SqlStorage;
    getAlarm(): Promise<number | null>;
    setAlarm(scheduledTime: number | Date): Promise<void>;
  }

  export interface DurableObjectState {
    readonly storage: DurableObjectStorage;
    blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
  }

  /** Subclasses' public methods are callable over RPC from a stub (`namespace.get(id).method(…)`). */
  export abstract class DurableObject<Env = unknown> {
    protected readonly ctx: DurableObjectState;
    protected readonly env: Env;
    constructor(ctx: DurableObjectState, env: Env);
    alarm?(): void | Promise<void>;
  }

  export interface DurableObjectId {
    toString(): string;
  }

  /** A Durable Object binding; `Stub` is what `get` returns: the object's methods, each returning a promise. */
  export interface DurableObjectNamespace<Stub> {
    idFromName(name: string): DurableObjectId;
    get(id: DurableObjectId): Stub;
  }
}
