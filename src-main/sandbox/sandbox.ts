/**
 * The OS sandbox around every locally run command: `@anthropic-ai/sandbox-runtime` (bubblewrap
 * and seccomp on Linux, Seatbelt on macOS) used as a library. One Sandbox per process, built
 * from config.yaml; the workspace and temp folder are inputs of each wrap, so sessions with
 * different workspaces share it.
 */
import { wrapCommandWithSandboxMacOS } from '@anthropic-ai/sandbox-runtime/dist/sandbox/macos-sandbox-utils.js';
import type { SandboxStatus } from '../../src-shared/ipc/schemas';
import { SandboxConfigSchema, type SandboxConfig, type SandboxConfigInput } from '../config/sandboxSchema';
import { checkSandboxSupport, whichOn, type SandboxSupport, type Which } from './dependencies';
import { limitedLaunch, type LimitBreach, type SandboxLimits } from './limits';
import { watchLimits, type LimitWatch } from './limitWatchdog';
import { makePidsCgroup } from './pidsCgroup';
import { LinuxWrapper } from './linuxWrapper';
import { relayLauncher, RELAYS_ENV, seccompHelperPath, startLoopbackRelays } from './loopbackRelay';
import type { NetworkProxy } from './networkProxy';
import { ownHomeView } from './ownHomeView';
import { buildSandboxPolicy, type SandboxPlaces, type SandboxPolicy } from './policy';
import { PlantGuard, type GuardRun } from './plantGuard';
import { describeUndone } from './plantUndo';
import { absentProtectedNames, ProtectedPathsCache } from './protectedPaths';

export type { SandboxStatus };

/** Where one command runs; `$CADUCEUS_HOME` comes from the Sandbox itself. */
export type WorkspacePlaces = Omit<SandboxPlaces, 'caduceusHome'>;

export interface WrapRequest extends WorkspacePlaces {
  command: string;
  /** The shell that runs `command` inside. */
  shell: string;
  /** Host loopback ports the command may connect to (execute_code's tool channel). */
  loopbackPorts?: readonly number[];
  /** Hosts allowed for this command beyond the configured ones (a person allowed them). */
  extraDomains?: readonly string[];
  /**
   * A person's remembered yes to let commands like this one write outside the sandbox: writes
   * may go anywhere but `$CADUCEUS_HOME` and the protected files; the read policy and the
   * network stay as they are, which that yes never covered.
   */
  openWrites?: boolean;
}

export interface WrappedCommand {
  /** A shell command line: run it with `sh -c`. */
  command: string;
  /** Variables the command needs (TMPDIR and the relay list). */
  env: Record<string, string>;
  policy: SandboxPolicy;
  /** `sandbox.limits` as they were when the command was wrapped. */
  limits: SandboxLimits;
  /** Holds the started command (its launcher's pid) to the process and disk limits. */
  watch(pid: number, onBreach?: (breach: LimitBreach) => void): LimitWatch;
  /**
   * Call once the command has exited (or failed to start). Gives, in words, what the command
   * left that would run code later and was undone (plantGuard.ts), if anything.
   */
  release(): Promise<string | undefined>;
}

export interface SandboxOptions {
  caduceusHome: string;
  platform?: NodeJS.Platform;
  /** Finds bwrap and socat; tests inject one to simulate a machine without them. */
  which?: Which;
  home?: string;
  /** Started on first use when hosts are allowed. */
  networkProxy?: () => Promise<NetworkProxy>;
  /** Off: the process limit is held by the watchdog alone, even where pids cgroups work. */
  pidsCgroups?: boolean;
}

export class SandboxUnavailableError extends Error {
  readonly code = 'sandbox_unavailable';
}

export class Sandbox {
  private settings: SandboxConfig;
  private checked: SandboxSupport | undefined;
  private readonly platform: NodeJS.Platform;
  private readonly protectedPaths: ProtectedPathsCache;
  private readonly guard: PlantGuard;
  private readonly linux = new LinuxWrapper();
  private proxy: Promise<NetworkProxy> | undefined;

  constructor(
    config: SandboxConfigInput | undefined,
    private readonly options: SandboxOptions,
  ) {
    this.settings = SandboxConfigSchema.parse(config ?? {});
    this.platform = options.platform ?? process.platform;
    this.protectedPaths = new ProtectedPathsCache(options.home);
    this.guard = new PlantGuard({ protectedNames: (root) => absentProtectedNames(root, options.home) });
  }

  get config(): SandboxConfig {
    return this.settings;
  }

  /** A saved change to `sandbox:` applies to the next command, without a restart. */
  reconfigure(config: SandboxConfigInput | undefined): void {
    this.settings = SandboxConfigSchema.parse(config ?? {});
  }

  /** Checked when a mode other than off first needs it; the machine does not change meanwhile. */
  private get support(): SandboxSupport {
    if (this.settings.mode === 'off') return { supported: false };
    this.checked ??= checkSandboxSupport(this.platform, this.options.which ?? whichOn());
    return this.checked;
  }

  get enabled(): boolean {
    return this.config.mode !== 'off';
  }

  status(): SandboxStatus {
    const configured = this.config.mode;
    if (configured === 'off') return { configured, effective: 'off' };
    if (this.support.supported) return { configured, effective: configured };
    return {
      configured,
      effective: 'unavailable',
      reason: `the ${configured} sandbox cannot start, so local commands are refused: ${this.support.reason ?? 'unknown'}. To run commands without a sandbox, set sandbox.mode: off in config.yaml.`,
    };
  }

  policy(places: WorkspacePlaces): SandboxPolicy | undefined {
    return buildSandboxPolicy(this.config, {
      home: this.options.home,
      ...places,
      caduceusHome: this.options.caduceusHome,
    });
  }

  /** Wraps one command; throws SandboxUnavailableError rather than ever running it bare. */
  async wrap(request: WrapRequest): Promise<WrappedCommand> {
    const status = this.status();
    const policy = this.policy(request);
    if (status.effective === 'unavailable' || !policy)
      throw new SandboxUnavailableError(status.reason ?? 'the sandbox is off');
    const writesWorkspace = policy.mode === 'workspace-write';
    const internal = new Set([policy.tmpDir, ...(request.internalRoots ?? [])]);
    const [inWorkspace, guardRun] = await Promise.all([
      writesWorkspace ? this.protectedPaths.get(policy.workspace) : [],
      // Every root the command may write that a person works in: not its temp or state folders.
      this.guard.begin(writesWorkspace ? policy.writeRoots.filter((root) => !internal.has(root)) : []),
    ]);
    try {
      return await this.wrapGuarded(request, policy, [...policy.denyWrite, ...inWorkspace], guardRun);
    } catch (error) {
      await guardRun.end();
      throw error;
    }
  }

  private async wrapGuarded(
    request: WrapRequest,
    policy: SandboxPolicy,
    denyWithinAllow: string[],
    guardRun: GuardRun,
  ): Promise<WrappedCommand> {
    const domains = [...policy.allowedDomains, ...(request.extraDomains ?? [])];
    const proxy = domains.length > 0 ? await this.networkProxy(domains) : undefined;
    const relays =
      request.loopbackPorts?.length && this.platform === 'linux'
        ? await startLoopbackRelays(request.loopbackPorts)
        : undefined;
    const env: Record<string, string> = {
      TMPDIR: policy.tmpDir,
      ...(relays ? { [RELAYS_ENV]: relays.spec } : {}),
    };
    // Seatbelt judges paths at each open, so a renamed-over secret stays denied on macOS.
    const own =
      this.platform === 'linux'
        ? await ownHomeView(this.options.caduceusHome, policy.denyRead)
        : { deny: [], allow: [] };
    const readConfig = { denyOnly: [...policy.denyRead, ...own.deny], allowWithinDeny: own.allow };
    const writeConfig = { allowOnly: request.openWrites ? ['/'] : policy.writeRoots, denyWithinAllow };
    let command: string;
    try {
      if (this.platform === 'darwin') {
        command = wrapCommandWithSandboxMacOS({
          command: request.command,
          needsNetworkRestriction: true,
          ...(proxy ? { httpProxyPort: proxy.httpPort, socksProxyPort: proxy.socksPort } : {}),
          readConfig,
          writeConfig,
          binShell: request.shell,
          allowLocalBinding: Boolean(request.loopbackPorts?.length),
        });
      } else {
        const launcher = relays && this.support.socatPath ? relayLauncher(this.support.socatPath) : undefined;
        const applyPath = launcher ?? seccompHelperPath();
        command = await this.linux.wrap({
          command: request.command,
          needsNetworkRestriction: true,
          ...(proxy ? proxy.linuxParams() : {}),
          readConfig,
          writeConfig,
          binShell: request.shell,
          bwrapPath: this.support.bwrapPath,
          socatPath: this.support.socatPath,
          // The library would scan the process's own working directory; the workspace's
          // protected files are already in denyWithinAllow, from our cached scan.
          ripgrepConfig: { command: 'true' },
          mandatoryDenySearchDepth: 0,
          ...(applyPath ? { seccompConfig: { applyPath } } : {}),
        });
      }
    } catch (error) {
      await relays?.close();
      throw error;
    }
    let released: Promise<string | undefined> | undefined;
    const limits = this.settings.limits;
    const cgroup =
      this.platform === 'linux' && limits.processes > 0 && this.options.pidsCgroups !== false
        ? makePidsCgroup(limits.processes)
        : undefined;
    let watch: LimitWatch | undefined;
    const release = async () => {
      watch?.stop();
      cgroup?.remove();
      if (this.platform === 'linux') await this.linux.cleanup().catch(() => undefined);
      // The command may have made a repository or a dotfile: look again before the next one.
      this.protectedPaths.refresh(policy.workspace);
      await relays?.close();
      return describeUndone(await guardRun.end());
    };
    return {
      command: limitedLaunch(command, limits, cgroup?.procs),
      env,
      policy,
      limits,
      watch: (pid, onBreach) => (watch ??= watchLimits(pid, limits, policy.writeRoots, cgroup, onBreach)),
      release: () => (released ??= release()),
    };
  }

  private networkProxy(domains: readonly string[]): Promise<NetworkProxy> {
    const start = this.options.networkProxy;
    if (!start) throw new SandboxUnavailableError('no network proxy is configured for allowed hosts');
    this.proxy ??= start();
    return this.proxy.then(async (proxy) => {
      await proxy.allow(domains);
      return proxy;
    });
  }

  async dispose(): Promise<void> {
    const proxy = this.proxy;
    this.proxy = undefined;
    if (proxy) await (await proxy).close();
    await this.linux.dispose();
  }
}
