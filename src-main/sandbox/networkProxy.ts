/**
 * The library's filtering HTTP/SOCKS proxy, for commands that may reach allowed hosts. Started
 * only when some host is allowed: with none, a command's network namespace simply has no
 * route out (bwrap --unshare-net) and no bridge process is paid for.
 */

export interface NetworkProxy {
  httpPort: number | undefined;
  socksPort: number | undefined;
  /** Allows these hosts from now on (the union of every call). */
  allow(domains: readonly string[]): Promise<void>;
  /** The Linux wrap's proxy parameters: the bridge sockets bound into each sandbox. */
  linuxParams(): {
    httpSocketPath?: string;
    socksSocketPath?: string;
    httpProxyPort?: number;
    socksProxyPort?: number;
    proxyAuthToken?: string;
  };
  close(): Promise<void>;
}

export async function startNetworkProxy(): Promise<NetworkProxy> {
  // Loaded on first use: the manager brings the whole library (proxies, TLS, Windows) with it.
  const { SandboxManager } = await import('@anthropic-ai/sandbox-runtime');
  const allowed = new Set<string>();
  const config = () => ({
    network: { allowedDomains: [...allowed], deniedDomains: [] },
    // The filesystem part is ours (see sandbox.ts); the manager serves the network only.
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
  });
  await SandboxManager.initialize(config());
  await SandboxManager.waitForNetworkInitialization();
  return {
    httpPort: SandboxManager.getProxyPort(),
    socksPort: SandboxManager.getSocksProxyPort(),
    async allow(domains) {
      const before = allowed.size;
      for (const domain of domains) allowed.add(domain);
      if (allowed.size !== before) SandboxManager.updateConfig(config());
    },
    linuxParams: () => ({
      httpSocketPath: SandboxManager.getLinuxHttpSocketPath(),
      socksSocketPath: SandboxManager.getLinuxSocksSocketPath(),
      httpProxyPort: SandboxManager.getProxyPort(),
      socksProxyPort: SandboxManager.getSocksProxyPort(),
      proxyAuthToken: SandboxManager.getProxyAuthToken(),
    }),
    close: () => SandboxManager.reset(),
  };
}
