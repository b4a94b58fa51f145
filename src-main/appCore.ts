import type { ModelOverrides } from './agent/model/resolve';
import {
  ApprovalBroker,
  brokerApprover,
  type ApproverMode,
  type NativeBatchPresenter,
  type NativePresenter,
} from './approval/asking';
import { EventBus } from './contract/eventBus';
import { createRouter, type Invoke } from './contract/router';
import { ChatController, rootSession } from './handlers/chat';
import { ElicitationBroker } from './handlers/elicitation';
import { NativeDialogGate } from './handlers/nativeDialogGate';
import { createHandlers, type HostOptions } from './handlers/table';
import { API_KEY_SECRET, settingsView } from './handlers/settings';
import { terminalSink, UserShells } from './handlers/terminal';
import { systemBrowserOpener } from './mcp/auth/browser';
import type { ReadableSecretStore } from './mcp/auth/credentials';
import { LateBound } from './runtime/lateBound';
import type { Logger } from './runtime/types';
import { createAppRoot, type AppRoot } from './appRoot';
import { CronScheduler } from './tools/services/cron';

export interface AppCoreOptions extends HostOptions {
  home: string;
  cwd: string;
  logger: Logger;
  /** The Electron dialog; the windows' own approval cards work with or without it. */
  nativeApproval?: NativePresenter;
  /** One native dialog for a batch of requests. */
  nativeApprovalBatch?: NativeBatchPresenter;
  /** `caduceus serve --base-url/--model/--api-key`. */
  modelOverrides?: ModelOverrides;
  /** Where MCP OAuth credentials live: the host's secret store (the fallback file when absent). */
  mcpSecrets?: ReadableSecretStore;
  /** `caduceus serve --approvals`: ask (default) through the UI, or answer every prompt. */
  approvals?: ApproverMode;
  /** How turns are checkpointed (default: a watcher per workspace). */
  checkpoints?: 'watch' | 'scan' | 'off';
}

export interface AppCore {
  readonly invoke: Invoke;
  readonly events: EventBus;
  readonly root: AppRoot;
  /** Told how many sessions wait for a person after every change (the dock badge). */
  onWaitingCount(listener: (waiting: number) => void): () => void;
  shutdown(): Promise<void>;
}

/** What a UI host (the Electron window, `caduceus serve`) runs: the composition root plus the contract. */
export async function createAppCore(given: AppCoreOptions): Promise<AppCore> {
  // In a browser the folder the host started in is the default; the desktop app has none.
  const workspace = given.workspace ?? (given.mode === 'browser' ? given.cwd : undefined);
  const options: AppCoreOptions = { ...given, ...(workspace ? { workspace } : {}) };
  const events = new EventBus();
  // Native dialogs open one at a time, for the session the window shows.
  // Built before the root; it reaches the root's sessions only when a dialog is asked for.
  const rootLater = new LateBound<AppRoot>('the app root');
  const dialogs = new NativeDialogGate((id) => rootSession(rootLater.get(), id));
  const { nativeApproval: one, nativeApprovalBatch: batch } = options;
  const gatedOne =
    one && dialogs.gate(([r], signal) => (r ? one(r, signal) : Promise.resolve('deny' as const)), 'deny');
  const broker = new ApprovalBroker(
    events,
    gatedOne && ((request, signal) => gatedOne([request], signal)),
    batch && dialogs.gate(batch, []),
  );
  const elicitations = new ElicitationBroker(events);
  const modelOverrides = () => ({
    ...options.modelOverrides,
    apiKey: options.modelOverrides?.apiKey ?? options.secrets.get(API_KEY_SECRET),
  });
  // The scheduler is a tool service, and its jobs run through the chat built on the root.
  const chatLater = new LateBound<ChatController>('the chat controller');
  const cron = new CronScheduler(
    async (job) => {
      await chatLater.get().send(job.prompt, job.sessionId);
    },
    { logger: options.logger },
  );
  const sink = terminalSink(events);
  const s = await createAppRoot({
    home: options.home,
    cwd: options.cwd,
    env: options.env,
    logger: options.logger,
    approvals: options.approvals ?? 'ask',
    approver: brokerApprover(broker),
    onTerminalEvent: sink,
    // A command that waits for input comes to the front of the windows' terminal pane.
    inputWait: 'hand-over',
    onInputWait: (info) => events.emit('terminal.inputWait', info),
    terminalConsumers: events,
    ...(options.workspace ? { workspace: options.workspace } : {}),
    modelOverrides: () => modelOverrides(),
    mcpClient: {
      ...(options.mcpSecrets ? { secrets: options.mcpSecrets } : {}),
      // With every prompt denied there is nobody to ask: forms are declined, and a server
      // asking for more access mid-call is told no instead of opening a sign-in page.
      ...(options.approvals === 'deny'
        ? {}
        : { elicit: elicitations.elicit, signInOpener: options.openUrl ?? systemBrowserOpener() }),
    },
    cron,
    checkpoints: options.checkpoints ?? 'watch',
  });

  rootLater.set(s);
  const chat = new ChatController(s, events, modelOverrides, options.workspace);
  chatLater.set(chat);
  // The terminal service is replaced when its settings change, so readers go through the holder.
  const shells = new UserShells(() => s.terminals.current);

  // Settings apply without a restart: a new terminal backend replaces the old environments.
  let terminalKey = JSON.stringify(s.config.terminal);
  const stopWatching = s.configStore.onChange((config) => {
    events.emit(
      'settings.changed',
      settingsView(config, options.secrets, s.terminals.current.sandbox?.status()),
    );
    const key = JSON.stringify(config.terminal);
    if (key === terminalKey) return;
    terminalKey = key;
    void s.applyTerminalSettings(config.terminal);
  });

  const handlers = createHandlers({
    root: s,
    options,
    broker,
    chat,
    shells,
    modelOverrides,
    elicitations,
    events,
    dialogs,
  });
  return {
    invoke: createRouter(handlers),
    events,
    root: s,
    onWaitingCount: (listener) => chat.states.onWaitingCount(listener),
    async shutdown() {
      stopWatching();
      cron.stopAll();
      broker.closeAll();
      elicitations.closeAll();
      await chat.shutdown();
      await shells.closeAll();
      await s.shutdown();
    },
  };
}
