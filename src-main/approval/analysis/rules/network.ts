/**
 * Findings of the app's own fetches (web, browser, image URLs) about where a request goes; the
 * tools add them to a gate check, as the file tools add where a write lands.
 */
import type { Rule } from '../verdict';

export const FETCH_LOCAL_HOST = 'fetch-local-host';

export const networkRules: Rule[] = [
  {
    key: FETCH_LOCAL_HOST,
    category: 'services',
    description: 'Reaches a loopback, private or link-local address from the app itself',
    needsPerson: true,
    scoped: true,
  },
];

/** `host:port` as network.allowed_local_hosts writes it: `127.0.0.1:3000`, `[::1]:3000`. */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The finding of a fetch from this process to a local host and port: answers cover that one. */
export function localHostKey(host: string, port: number): string {
  return `${FETCH_LOCAL_HOST}:${hostPort(host, port)}`;
}

/** The `host:port` a local-host key is about, or undefined for any other key. */
export function localHostOfKey(key: string): string | undefined {
  const prefix = `${FETCH_LOCAL_HOST}:`;
  return key.startsWith(prefix) && key.length > prefix.length ? key.slice(prefix.length) : undefined;
}
