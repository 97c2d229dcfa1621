import type { StdioOptions } from 'node:child_process';
import type { DevServer } from './dev-server.mjs';

export const WRANGLER: string;
export const WRANGLER_CONFIG: string;
export const WORKER_VARIABLES: readonly string[];

/** `stop()` ends wrangler and the workerd processes it started. */
export type WranglerDev = DevServer;

/** Starts `wrangler dev` on `127.0.0.1:port`; resolves once `/livez` answers. */
export function startWranglerDev(options: {
  port: number;
  /** Wrangler's devtools port (default 9229: give each of several at once its own). */
  inspectorPort?: number;
  env?: Record<string, string | undefined>;
  persistTo?: string;
  config?: string;
  output?: 'inherit' | 'ignore' | 'pipe' | StdioOptions;
  readyTimeoutMs?: number;
  signal?: AbortSignal;
  /** With `output: 'pipe'`: every chunk of wrangler's stdout and stderr. */
  onOutput?: (chunk: string) => void;
}): Promise<WranglerDev>;

/** The set Worker variables of `env` in the env-file format wrangler reads. */
export function dotenv(env: Record<string, string | undefined>): string;
