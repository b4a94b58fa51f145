/**
 * Where each task's pages may reach. Every task's browser context has its own egress proxy, so a
 * local host a person let one task's navigation open is open to that task's pages alone; the
 * browser's own proxy (for anything outside a task's context) opens only listed hosts.
 */
import { normaliseHost, type EgressAsk, type EgressPolicy } from '../../sandbox/egress';
import { startEgressProxy, type EgressProxy } from '../../sandbox/egressProxy';

const PAGE_ASKED =
  'the page asked for it; only the address a navigation of this task was allowed to open may be reached';

export class TaskEgress {
  /** Per task: local addresses (`address:port`) a person let a navigation open; a name may move. */
  private readonly approved = new Map<string, Set<string>>();
  private readonly proxies = new Map<string, Promise<EgressProxy>>();
  private shared?: Promise<EgressProxy>;

  constructor(private readonly policy: EgressPolicy) {}

  /** Wraps a navigation's question: a yes opens that host and port to this task's pages too. */
  remembering(taskId: string, ask: EgressAsk): EgressAsk {
    return async (target) => {
      const answer = await ask(target);
      if (answer === true) {
        const hosts = this.approved.get(taskId) ?? new Set<string>();
        hosts.add(`${normaliseHost(target.address)}:${target.port}`);
        this.approved.set(taskId, hosts);
      }
      return answer;
    };
  }

  /** The browser's own proxy: listed hosts only. A proxy that failed to start is tried again. */
  browserProxy(): Promise<EgressProxy> {
    if (this.shared) return this.shared;
    const starting = startEgressProxy(this.policy, async () => PAGE_ASKED);
    starting.catch(() => {
      if (this.shared === starting) this.shared = undefined;
    });
    this.shared = starting;
    return starting;
  }

  /** The proxy of one task's context: the hosts its navigations were allowed, besides listed ones. */
  taskProxy(taskId: string): Promise<EgressProxy> {
    const running = this.proxies.get(taskId);
    if (running) return running;
    const starting = startEgressProxy(
      this.policy,
      async (target) =>
        this.approved.get(taskId)?.has(`${normaliseHost(target.address)}:${target.port}`) === true ||
        PAGE_ASKED,
    );
    starting.catch(() => {
      if (this.proxies.get(taskId) === starting) this.proxies.delete(taskId);
    });
    this.proxies.set(taskId, starting);
    return starting;
  }

  /** The task ended: its yeses and its proxy go. */
  async closeTask(taskId: string): Promise<void> {
    const proxy = this.proxies.get(taskId);
    this.proxies.delete(taskId);
    this.approved.delete(taskId);
    await proxy?.then((p) => p.close()).catch(() => {});
  }

  async closeAll(): Promise<void> {
    const all = [...this.proxies.values(), ...(this.shared ? [this.shared] : [])];
    this.proxies.clear();
    this.approved.clear();
    this.shared = undefined;
    await Promise.all(all.map((proxy) => proxy.then((p) => p.close()).catch(() => {})));
  }
}
