import type { Config } from '../config.ts';

/** Addresses that mean "every interface": a link names this machine instead. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Where links we send point (quote pages, set-up and unsubscribe links, calendar files): PUBLIC_ORIGIN,
 * or without it (a first run, development) the address this server itself listens on. Never the
 * request's Host header: anyone can send one, and a link built from it would send a customer to the
 * sender's site (docs/security.md, third review, finding 9).
 */
export function linkOriginOf(config: Pick<Config, 'publicOrigin' | 'host' | 'port'>): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = !config.host || WILDCARD_HOSTS.has(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.port}`;
}
