/**
 * The egress policy of the app's own fetches (web pages, the browser, image URLs). A host is
 * judged by the addresses it resolves to, and the caller connects to exactly the address that
 * was judged, so a second DNS answer cannot swap it. Public addresses pass; loopback, private,
 * link-local and the rest pass only when the person listed the host in
 * `network.allowed_local_hosts` or answers yes when asked; cloud metadata is never asked about.
 * Endpoints the person configured (the model, MCP servers, provider base URLs) do not come here.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressKind, METADATA_HOSTS, type AddressKind } from './egressAddress';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Where a request goes, as judged. */
export interface EgressTarget {
  /** What the person reads: the URL, or host:port for a tunnel. */
  url: string;
  host: string;
  port: number;
  address: string;
  kind: AddressKind;
}

/** Asks the person about a non-public target: true lets it through, a string says why not. */
export type EgressAsk = (target: EgressTarget) => Promise<true | string>;

export type EgressDecision = ({ allowed: true } & ResolvedAddress) | { allowed: false; reason: string };

export interface EgressPolicyOptions {
  /** `host` or `host:port` entries, read at each check so config edits apply at once. */
  allowedLocalHosts?: () => readonly string[];
  /** Resolves a name to every address; the system resolver unless a test gives one. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'ws:': 80, 'wss:': 443 };

async function systemResolve(host: string): Promise<ResolvedAddress[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** The host as compared: lower case, no brackets, no trailing dot. */
export function normaliseHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/** An allow-list entry as host and optional port: `nas.lan`, `127.0.0.1:8080`, `[::1]:3000`, `::1`. */
export function parseHostEntry(entry: string): { host: string; port?: number } {
  const text = entry.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return withPort(bracketed[1] ?? '', bracketed[2]);
  if (isIP(text) === 6) return { host: text };
  const hostPort = /^(.+):(\d+)$/.exec(text);
  return hostPort ? withPort(hostPort[1] ?? '', hostPort[2]) : { host: normaliseHost(text) };
}

function withPort(host: string, port: string | undefined) {
  return port === undefined
    ? { host: normaliseHost(host) }
    : { host: normaliseHost(host), port: Number(port) };
}

const label = (kind: AddressKind) =>
  kind === 'metadata' ? 'a cloud metadata' : /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;

export class EgressPolicy {
  private readonly resolve: (host: string) => Promise<ResolvedAddress[]>;

  constructor(private readonly options: EgressPolicyOptions = {}) {
    this.resolve = options.resolve ?? systemResolve;
  }

  /** Judges a URL; `ask` is consulted for a non-public host that is not on the list. */
  checkUrl(url: URL, ask?: EgressAsk): Promise<EgressDecision> {
    const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
    if (port === undefined)
      return Promise.resolve({ allowed: false, reason: `${url.protocol} URLs are not fetched` });
    return this.check(url.hostname, port, url.href, ask);
  }

  /** Judges a host and port (a proxy's CONNECT); `shown` is what a question names. */
  async check(rawHost: string, port: number, shown: string, ask?: EgressAsk): Promise<EgressDecision> {
    const host = normaliseHost(rawHost);
    if (!host) return { allowed: false, reason: 'The URL has no host' };
    const listed = this.listed(host, port);
    if (METADATA_HOSTS.has(host) && !listed)
      return {
        allowed: false,
        reason: `${host} is a cloud metadata service; the app does not fetch from it`,
      };
    let addresses: ResolvedAddress[];
    try {
      addresses = isIP(host)
        ? [{ address: host, family: isIP(host) === 6 ? 6 : 4 }]
        : await this.resolve(host);
    } catch (err) {
      return {
        allowed: false,
        reason: `${host} could not be resolved: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
    const [first] = addresses;
    if (!first) return { allowed: false, reason: `${host} has no address` };
    const judged = addresses.map((a) => ({ ...a, kind: addressKind(a.address) ?? 'reserved' }));
    // One non-public answer makes the host local: a name that mixes both is a rebinding trick.
    const local = judged.find((a) => a.kind === 'metadata') ?? judged.find((a) => a.kind !== 'public');
    if (!local) return { allowed: true, ...first };
    if (listed || judged.some((a) => this.listed(a.address, port))) return { allowed: true, ...first };
    const where = host === local.address ? host : `${host} (${local.address})`;
    const why = `${where} is ${label(local.kind)} address`;
    if (local.kind === 'metadata')
      return { allowed: false, reason: `${why}; the app does not fetch from it` };
    const hint = 'add it to network.allowed_local_hosts in config.yaml to allow it';
    if (!ask) return { allowed: false, reason: `${why}; ${hint}` };
    const answer = await ask({ url: shown, host, port, address: local.address, kind: local.kind });
    if (answer !== true) return { allowed: false, reason: `${why}: ${answer}` };
    // The person was shown this address: it is the one connected to.
    return { allowed: true, address: local.address, family: local.family };
  }

  private listed(host: string, port: number): boolean {
    return (this.options.allowedLocalHosts?.() ?? []).some((entry) => {
      const parsed = parseHostEntry(entry);
      return parsed.host === host && (parsed.port === undefined || parsed.port === port);
    });
  }
}

/** The refusal of a fetch by the egress policy; its message is fit for the model. */
export class EgressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EgressRefused';
  }
}
