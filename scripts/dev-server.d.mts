import type { ChildProcess, StdioOptions } from 'node:child_process';

export interface DevServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  child: ChildProcess;
  /** Ends the CLI and every process it started, then cleans up. */
  stop(): Promise<void>;
  /** Resolves with how the CLI ended (`error`: why it did not start). */
  exit: Promise<Exit>;
}

export interface Group {
  child: ChildProcess;
  /** Ends the group (SIGTERM, SIGKILL after the grace); resolves with how the command ended. */
  stop(): Promise<Exit>;
  exit: Promise<Exit>;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it did not start. */
  error?: string;
}

/**
 * Runs a command in a process group of its own, ended by a guard process when this process ends in any way
 * (SIGKILL included); whatever is left of the group when the command exits gets a SIGKILL.
 */
export function spawnGroup(
  command: string,
  args: string[],
  options?: {
    cwd?: string;
    env?: Record<string, string | undefined>;
    stdio?: StdioOptions;
    /** How long SIGTERM is given before SIGKILL (default 10 s). */
    graceMs?: number;
  },
): Group;

/** Runs a platform's local runtime in a guarded process group of its own; resolves once `/livez` answers. */
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

/**
 * A dev script's main: the runtime on PORT until SIGHUP, SIGINT or SIGTERM, its links printed under
 * `title`; such a signal stops the runtime, then ends the script by the same signal.
 */
export function runDevServer(options: {
  name: string;
  title: string;
  defaultPort: number;
  start: (options: { port: number; signal: AbortSignal }) => Promise<DevServer>;
  links: [label: string, path: string][];
}): Promise<void>;
