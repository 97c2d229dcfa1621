export { createProxy } from './create-proxy.ts';
export type {
  AnsweringHandler,
  Lifecycle,
  ProxyAnswer,
  ProxyContext,
  ProxyHandler,
  ProxyRequest,
  ProxyState,
} from './types.ts';
export { HEALTH_PATHS } from './health.ts';
export {
  DEFAULT_MAX_RETRY_AFTER_SECONDS,
  formatLogRecord,
  ProxyConfigError,
  type Compression,
  type Compressor,
  type ContentCoding,
  type FragmentRenderer,
  type LogRecord,
  type ProxyOptions,
} from './options.ts';
export { systemClock, type Clock } from './clock.ts';
export { FRAGMENT_ELEMENTS } from './fragments.ts';
// The upstream API's contract (zod) and the view models the proxy answers (the widget protocol).
export * from '../../api/schemas.ts';
export * from '../../api/protocol.ts';
// A fleet's shared store: the contract, and one in this process's memory (Redis: review-widgets/redis).
export { memoryStore, type ProxyStore } from './fleet/store.ts';
// Many businesses in one deployment: {mount}/{tenant}/….
export {
  createTenantsProxy,
  RESERVED_TENANT_IDS,
  TENANT_ID,
  type TenantOptions,
  type TenantsHandler,
  type TenantsOptions,
} from './tenants.ts';
