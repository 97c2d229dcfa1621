export { createProxy, type ProxyHandler } from './create-proxy.ts';
export { ProxyConfigError, type LogRecord, type ProxyContext, type ProxyOptions } from './options.ts';
