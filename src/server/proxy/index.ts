export { createProxy, type ProxyHandler } from './create-proxy.ts';
export {
  DEFAULT_MAX_RETRY_AFTER_SECONDS,
  ProxyConfigError,
  type LogRecord,
  type ProxyContext,
  type ProxyOptions,
} from './options.ts';
