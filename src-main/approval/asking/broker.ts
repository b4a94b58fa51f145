import type { ApprovalChoice, ApprovalRequest } from '../../../src-shared/ipc/schemas';
import type { EventBus } from '../../contract/eventBus';
import { ContractError } from '../../contract/router';

/** Shows a request natively (the Electron dialog); resolves with the user's choice. */
export type NativePresenter = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalChoice>;
/** Shows a batch natively in one dialog; one choice per request, in order. */
export type NativeBatchPresenter = (
  requests: ApprovalRequest[],
  signal: AbortSignal,
) => Promise<ApprovalChoice[]>;

interface Pending {
  request: ApprovalRequest;
  resolve: (choice: ApprovalChoice | 'closed') => void;
}

/**
 * Approvals that wait for a person in the UI. A request is published to every window (and the
 * native dialog when there is one); the first answer wins. An answer for an unknown or
 * already-answered id is rejected. Abort (timeout, cancel) closes it as a denial.
 */
export class ApprovalBroker {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly events: EventBus,
    private readonly native?: NativePresenter,
    private readonly nativeBatch?: NativeBatchPresenter,
  ) {}

  /**
   * Several requests (sharing a batchId) shown together: every window lists them in one sheet,
   * the native side in one dialog. Each is still answered by id, so a window may mix choices.
   */
  askBatch(requests: ApprovalRequest[], signal: AbortSignal): Promise<(ApprovalChoice | 'closed')[]> {
    const nativeAbort = new AbortController();
    const answers = Promise.all(requests.map((r) => this.ask(r, signal, false)));
    if (this.nativeBatch && !signal.aborted) {
      this.nativeBatch(requests, nativeAbort.signal).then(
        (choices) => requests.forEach((r, i) => this.pending.get(r.id)?.resolve(choices[i] ?? 'deny')),
        () => requests.forEach((r) => this.pending.get(r.id)?.resolve('deny')),
      );
    }
    return answers.finally(() => nativeAbort.abort());
  }

  ask(request: ApprovalRequest, signal: AbortSignal, native = true): Promise<ApprovalChoice | 'closed'> {
    if (signal.aborted) return Promise.resolve('closed');
    return new Promise((resolve) => {
      const nativeAbort = new AbortController();
      const finish = (choice: ApprovalChoice | 'closed') => {
        if (!this.pending.delete(request.id)) return;
        signal.removeEventListener('abort', onAbort);
        nativeAbort.abort();
        this.events.emit('approval.resolved', {
          id: request.id,
          choice: choice === 'closed' ? 'timeout' : choice,
        });
        resolve(choice);
      };
      const onAbort = () => finish('closed');
      this.pending.set(request.id, { request, resolve: finish });
      signal.addEventListener('abort', onAbort, { once: true });
      this.events.emit('approval.requested', request);
      if (this.native && native) {
        this.native(request, nativeAbort.signal).then(
          (choice) => finish(choice),
          () => finish('deny'),
        );
      }
    });
  }

  list(): ApprovalRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  respond(id: string, choice: ApprovalChoice): void {
    const entry = this.pending.get(id);
    if (!entry)
      throw new ContractError('unknown_approval', `No pending approval with id "${id}" (already answered?)`);
    entry.resolve(choice);
  }

  /** Denies everything still waiting (shutdown). */
  closeAll(): void {
    for (const entry of [...this.pending.values()]) entry.resolve('closed');
  }
}
