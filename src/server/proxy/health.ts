/**
 * Health for load balancers and orchestrators, answered by the core handler (so every runtime has it):
 *
 * - `GET|HEAD /livez` (and `/healthz`): 200 whenever the process answers at all.
 * - `GET|HEAD /readyz`: 200 when this instance should get traffic; 503 while it is starting, draining
 *   (a rolling deploy: see docs/deploying.md) or overloaded (its event loop lags past a bound).
 *
 * The body is `application/health+json` (draft-inadarei-api-health-check) with each check. The shared
 * store being down or the upstream's circuit being open is a `warn`, never a `fail`: every instance shares
 * them, and failing readiness would take the whole fleet (and the stale answers it still serves) out.
 * Health answers are `no-store`, never logged and never rate-limited.
 */
import { NOSNIFF, withHeaders } from './answers.ts';
import type { Lifecycle, ProxyAnswer, ProxyState } from './types.ts';

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

/** What the health reads of the rest of the proxy (its gates), at the moment of the probe. */
interface Gauges {
  readonly breakerState: ProxyState['breaker'];
  readonly storeAvailable: ProxyState['storeAvailable'];
  readonly budgetRemaining: number;
}

/**
 * A proxy's lifecycle (starting, ready, draining) and its probes' answers: made once per proxy, told by
 * the server when it is ready and when it drains.
 */
export class Health {
  private lifecycle: Lifecycle;

  constructor(
    private readonly gauges: Gauges,
    private readonly options: {
      startsReady: boolean;
      eventLoopDelayMs: () => number | undefined;
      maxEventLoopDelayMs: number;
    },
  ) {
    this.lifecycle = options.startsReady ? 'ready' : 'starting';
  }

  state = (): ProxyState => {
    const { breakerState, storeAvailable, budgetRemaining } = this.gauges;
    return { lifecycle: this.lifecycle, breaker: breakerState, storeAvailable, budgetRemaining };
  };

  markReady = (): void => {
    if (this.lifecycle === 'starting') this.lifecycle = 'ready';
  };

  drain = (): void => {
    this.lifecycle = 'draining';
  };

  /** The probe's answer (`kind` from {@link HEALTH_PATHS}); no CORS headers: probes come from load balancers. */
  answer(kind: 'live' | 'ready', method: string): ProxyAnswer {
    const facts = () => ({
      ...this.state(),
      eventLoopDelayMs: this.options.eventLoopDelayMs(),
      maxEventLoopDelayMs: this.options.maxEventLoopDelayMs,
    });
    return withHeaders(healthAnswer(kind, method, facts), NOSNIFF);
  }
}

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
