import type { DevServer } from './dev-server.mjs';

export type Platform = 'vercel' | 'netlify';
export const PLATFORMS: Platform[];
export const CLIS: Record<Platform, string>;
/** Where the command line builds a platform's deployable folder (deploy/<platform>/.build). */
export function deployDir(platform: Platform): string;
/** Builds `platform`'s deployable folder at `out`; resolves `out`. */
export function buildPlatform(
  platform: Platform,
  options?: { out?: string; fresh?: 'always' | 'stale' },
): Promise<string>;
/** vercel.json of a site laid out as buildSite makes it. */
export function vercelConfig(siteDir?: string): Promise<Record<string, unknown>>;
/** A `_headers` path as a Vercel source pattern. */
export function vercelSource(path: string): string;

export interface PlatformDev extends DevServer {
  /** The built folder the CLI runs (removed by `stop()`). */
  dir: string;
}

/** Builds `platform` into a temporary folder and runs its local runtime on 127.0.0.1:`port`. */
export function startPlatformDev(
  platform: Platform,
  options: {
    port: number;
    env?: Record<string, string | undefined>;
    output?: 'inherit' | 'ignore' | 'pipe';
    onOutput?: (chunk: string) => void;
    readyTimeoutMs?: number;
    signal?: AbortSignal;
  },
): Promise<PlatformDev>;
/** Runs the platform's local runtime on PORT until Ctrl-C. */
export function runDev(platform: Platform, defaultPort: number): Promise<void>;
