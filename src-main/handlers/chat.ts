import { randomUUID } from 'node:crypto';
import type { Agent } from '../agent/agent';
import type { ModelOverrides } from '../agent/model/resolve';
import type { EventBus } from '../contract/eventBus';
import { ContractError } from '../contract/router';
import type { AppRoot } from '../appRoot';
import { validateWorkspace } from '../workspace/validate';
import { ChatEventMapper } from './chatEvents';
import { withFiles } from './chatFiles';
import type { FileAttachment } from '../../src-shared/fileAttachments';
import { SessionStates } from './sessionStates';
import { TurnSlots } from './turnSlots';

/** The top-level session of a delegated child (children are not listed; their parent is). */
export function rootSession(root: AppRoot, sessionId: string): string {
  let id = sessionId;
  for (let depth = 0; depth < 10; depth++) {
    const parent = root.agent.sessions.getSession(id)?.parentId;
    if (!parent) return id;
    id = parent;
  }
  return id;
}

interface Running {
  agent: Agent;
  abort: AbortController;
  done: Promise<unknown>;
}

/**
 * Runs chat turns for the UI: one agent per session, one turn at a time per session, events
 * mapped onto the chat contract, clarify questions answered from the chat.
 */
export class ChatController {
  private readonly running = new Map<string, Running>();
  private readonly clarifies = new Map<string, (answer: string | null) => void>();
  /** What each session needs from a person; the list, the badge and the CLI read it. */
  readonly states: SessionStates;
  private readonly slots: TurnSlots;

  constructor(
    private readonly root: AppRoot,
    private readonly events: EventBus,
    private readonly modelOverrides: () => ModelOverrides,
    /** Offered to sessions started without one (`serve`'s folder); the desktop app has none. */
    private readonly defaultWorkspace?: string,
  ) {
    this.states = new SessionStates(events, root.agent.sessions.runStates, (id) => rootSession(root, id));
    this.slots = new TurnSlots(
      () => root.config.sessions.max_concurrent_turns,
      (id) => this.states.isWaiting(id),
    );
    // A turn that starts or stops waiting for a person frees or takes a slot.
    this.states.onWaitingCount(() => this.slots.pump());
  }

  /** Whether a turn of this session is running now. */
  isRunning(sessionId: string): boolean {
    return this.running.has(sessionId);
  }

  async send(
    text: string,
    sessionId?: string,
    requestedWorkspace?: string,
    files?: FileAttachment[],
  ): Promise<{ sessionId: string; turnId: string }> {
    if (sessionId && this.running.has(sessionId)) {
      throw new ContractError('busy', 'This session is still working; stop it or wait for the answer.');
    }
    const workspace = await this.workspaceFor(sessionId, requestedWorkspace);
    const resolution = this.root.agent.resolveModel(this.modelOverrides());
    if (!resolution.ok) {
      throw new ContractError('no_model', await this.root.agent.modelSetupHelp(resolution.problems));
    }
    const turnId = randomUUID();
    // Events arrive only once the turn runs, after the mapper (which needs the session id) exists.
    const turn: { mapper?: ChatEventMapper } = {};
    const agent = this.root.agent.createAgent({
      model: resolution.model,
      ...(sessionId ? { sessionId } : {}),
      ...(workspace ? { workspace } : {}),
      toolsets: this.root.config.toolsets,
      source: 'app',
      clarifier: (request, signal) => this.waitForClarify(agent.sessionId, request.requestId, signal),
      onEvent: (event) => {
        for (const chatEvent of turn.mapper?.map(event) ?? []) this.events.emit('chat.event', chatEvent);
      },
    });
    const id = agent.sessionId;
    let message: string;
    try {
      message = await withFiles(
        text,
        files,
        () => this.root.workspaces.tempDirOf(id),
        resolution.model.vision,
        resolution.model.name,
      );
    } catch (err) {
      void agent.close();
      throw err;
    }
    turn.mapper = new ChatEventMapper(
      id,
      turnId,
      (callId) => this.root.terminals.current.streams.carries(callId),
      () => this.root.agent.sessions.messageTail(id),
    );
    const abort = new AbortController();
    const slot = this.slots.take(id, abort.signal);
    this.states.setRunning(id, true);
    if (slot.queued)
      this.events.emit('chat.event', {
        type: 'turn.queued',
        sessionId: id,
        turnId,
        running: this.slots.busy(),
      });
    const done = slot.ready
      .then(async (granted) => {
        if (granted) return agent.runTurn(message, { signal: abort.signal });
        this.events.emit('chat.event', { type: 'turn.finished', sessionId: id, turnId, status: 'cancelled' });
        return undefined;
      })
      .catch((err: unknown) => {
        const error = err instanceof Error ? err.message : String(err);
        this.events.emit('chat.event', {
          type: 'turn.finished',
          sessionId: id,
          turnId,
          status: 'error',
          error,
        });
      })
      .finally(() => {
        this.running.delete(id);
        this.slots.release(id);
        this.states.setRunning(id, false);
        void agent.close();
      });
    this.running.set(id, { agent, abort, done });
    return { sessionId: id, turnId };
  }

  /** A checked folder for a new session (or one stored without); undefined keeps a session's own. */
  private async workspaceFor(sessionId: string | undefined, requested: string | undefined) {
    const sessions = this.root.agent.sessions;
    const id = sessionId === undefined ? undefined : sessions.resolveId(sessionId);
    const stored = id === undefined ? undefined : sessions.getSession(id)?.workspace;
    if (stored) {
      if (requested !== undefined && requested !== stored)
        throw new ContractError(
          'workspace_fixed',
          `This session works in ${stored}; start a new chat for another folder.`,
        );
      return undefined;
    }
    const raw = requested ?? this.defaultWorkspace;
    if (raw === undefined)
      throw new ContractError('workspace_required', 'Choose a workspace folder for this session first.');
    const checked = await validateWorkspace(raw, this.defaultWorkspace);
    if (!checked.ok) throw new ContractError('bad_workspace', checked.error);
    return checked.path;
  }

  cancel(sessionId: string): void {
    this.running.get(sessionId)?.abort.abort();
  }

  /** Stops the session's running turn, as the Stop button does, and waits until it has ended. */
  async stop(sessionId: string): Promise<void> {
    const run = this.running.get(sessionId);
    if (!run) return;
    run.abort.abort();
    await run.done;
  }

  answerClarify(id: string, answer: string): void {
    const resolve = this.clarifies.get(id);
    if (!resolve) throw new ContractError('unknown_clarify', `No open question "${id}"`);
    resolve(answer);
  }

  /** Cancels every running turn and waits for them to settle. */
  async shutdown(): Promise<void> {
    for (const run of this.running.values()) run.abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private waitForClarify(sessionId: string, id: string, signal?: AbortSignal): Promise<string | null> {
    return new Promise((resolve) => {
      const finish = (answer: string | null) => {
        this.clarifies.delete(id);
        this.states.wait(sessionId, `clarify:${id}`, false);
        resolve(answer);
      };
      this.clarifies.set(id, finish);
      this.states.wait(sessionId, `clarify:${id}`, true);
      signal?.addEventListener('abort', () => finish(null), { once: true });
    });
  }
}
