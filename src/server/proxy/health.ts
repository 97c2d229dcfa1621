/**
 * Health for load balancers and orchestrators, answered by the core handler (so every runtime has it):
 *
 * - `GET|HEAD /livez` (and `/healthz`): 200 whenever the process answers at all.
 * - `GET|HEAD /readyz`: 200 when this instance should get traffic; 503 while it is starting, draining
 *   (a rolling deploy: see the README) or overloaded (its event loop lags past a bound).
 *
 * The body is `application/health+json` (draft-inadarei-api-health-check) with each check. The shared
 * store being down or the upstream's circuit being open is a `warn`, never a `fail`: every instance shares
 * them, and failing readiness would take the whole fleet (and the stale answers it still serves) out.
 * Health answers are `no-store`, never logged and never rate-limited.
 */
import type { ProxyAnswer, ProxyState } from './types.ts';

type Status = 'pass' | 'warn' | 'fail';

interface Check {
  status: Status;
  observedValue?: string | number;
  observedUnit?: string;
  output?: string;
}

/** What the readiness checks read, at the moment of the probe: the proxy's state, and its event loop's. */
export interface HealthFacts extends ProxyState {
  /** The event loop's recent delay (ms), when the runtime can measure it. */
  eventLoopDelayMs: number | undefined;
  /** The delay past which this instance says it is overloaded. */
  maxEventLoopDelayMs: number;
}

export const HEALTH_PATHS: ReadonlyMap<string, 'live' | 'ready'> = new Map([
  ['/livez', 'live'],
  ['/healthz', 'live'],
  ['/readyz', 'ready'],
]);

const HEALTH_TYPE = 'application/health+json';

/** The answer to a health probe (`kind` from {@link HEALTH_PATHS}). */
export function healthAnswer(kind: 'live' | 'ready', method: string, facts: () => HealthFacts): ProxyAnswer {
  const headers = { 'content-type': HEALTH_TYPE, 'cache-control': 'no-store' };
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, headers: { ...headers, allow: 'GET, HEAD' }, body: '{"status":"fail"}' };
  }
  const body = kind === 'live' ? { status: 'pass' as Status } : readiness(facts());
  return {
    status: body.status === 'fail' ? 503 : 200,
    headers,
    body: method === 'HEAD' ? null : JSON.stringify(body),
  };
}

function readiness(facts: HealthFacts): { status: Status; checks: Record<string, Check[]> } {
  const delay = facts.eventLoopDelayMs;
  const checks: Record<string, Check[]> = {
    'process:lifecycle': [
      {
        status: facts.lifecycle === 'ready' ? 'pass' : 'fail',
        observedValue: facts.lifecycle,
      },
    ],
    'upstream:circuit': [
      {
        status: facts.breaker === 'closed' ? 'pass' : 'warn',
        observedValue: facts.breaker,
        ...(facts.breaker === 'closed' ? {} : { output: 'shared by the fleet: stale answers still served' }),
      },
    ],
  };
  if (facts.storeAvailable !== undefined) {
    checks['store:connection'] = [
      facts.storeAvailable
        ? { status: 'pass' }
        : { status: 'warn', output: 'the shared store is not answering: deciding in-process (fail closed)' },
    ];
  }
  if (delay !== undefined) {
    checks['eventloop:delay'] = [
      {
        status: delay > facts.maxEventLoopDelayMs ? 'fail' : 'pass',
        observedValue: Math.round(delay),
        observedUnit: 'ms',
      },
    ];
  }
  const statuses = Object.values(checks).flatMap((list) => list.map((check) => check.status));
  const status: Status = statuses.includes('fail') ? 'fail' : statuses.includes('warn') ? 'warn' : 'pass';
  return { status, checks };
}
