import type { ChildProcess, StdioOptions } from 'node:child_process';

export interface DevServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  child: ChildProcess;
  /** Ends the CLI and every process it started, then cleans up. */
  stop(): Promise<void>;
  /** Resolves with how the CLI ended (`error`: why it did not start). */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: string }>;
}

/** Runs a platform's local runtime in a process group of its own; resolves once `/livez` answers. */
export function startDevServer(options: {
  /** Which runtime, in errors ("wrangler dev"). */
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
  port: number;
  output?: 'inherit' | 'ignore' | 'pipe' | StdioOptions;
  onOutput?: (chunk: string) => void;
  readyTimeoutMs?: number;
  /** How long one `/livez` probe may take (default 2 s). */
  probeTimeoutMs?: number;
  signal?: AbortSignal;
  /** Called once the CLI has ended (stopped, or exited before it answered). */
  cleanUp?: () => void;
}): Promise<DevServer>;

/** A dev script's main: the runtime on PORT until Ctrl-C, its links printed under `title`. */
export function runDevServer(options: {
  name: string;
  title: string;
  defaultPort: number;
  start: (options: { port: number; signal: AbortSignal }) => Promise<DevServer>;
  links: [label: string, path: string][];
}): Promise<void>;
