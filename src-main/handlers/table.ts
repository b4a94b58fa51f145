import { randomUUID } from 'node:crypto';
import type { ApprovalBroker } from '../approval/asking';
import { grantsInForce, revokeGrant } from '../approval/gate';
import { ruleFor } from '../approval/analysis';
import { ContractError, type Handlers } from '../contract/router';
import { validateWorkspace } from '../workspace/validate';
import { systemBrowserOpener, type UrlOpener } from '../mcp/auth/browser';
import type { AppRoot } from '../appRoot';
import { addAllowlistEntry, allowlistView, removeAllowlistEntry } from './allowlist';
import type { ChatController } from './chat';
import type { EventBus } from '../contract/eventBus';
import type { ModelOverrides } from '../agent/model/resolve';
import { detectLocalServers } from '../agent/model/detect';
import { listModels, modelStatus, probeKey, testModel } from './modelSetup';
import { acceptOfferedHostKey, testMcpServer, testSsh } from './settingsChecks';
import type { ElicitationBroker } from './elicitation';
import type { NativeDialogGate } from './nativeDialogGate';
import { memoryView, removeMemoryEntry } from './memory';
import { mcpView, removeMcpServer, signInMcpServer, signOutMcpServer, upsertMcpServer } from './mcp';
import {
  exportSessionFile,
  findInSessionView,
  listSessionViews,
  sessionDetail,
  toolOutputPage,
} from './sessions';
import { deleteSession } from './sessionDelete';
import { TranscriptCache } from './transcriptCache';
import { worktreeView } from '../agent/sessions/worktreeSessions';
import { newWorktreeSession, sessionWorkspace, worktreeOf } from './worktree';
import { worktreeChanges, worktreeDiff } from '../workspace/git/worktreeChanges';
import { mergeWorktree } from '../workspace/git/worktreeMerge';
import { settingsView, updateSettings, type SecretStore } from './settings';
import type { UserShells } from './terminal';
import { listToolsets, setToolsetEnabled } from './toolsets';
import { withAttachments } from './chatAttachments';
import { reviewHandlers } from './review';
import { checkpointHandlers } from './checkpoints';
import type { BeforeDiscard } from '../workspace/git';

/** What a UI host tells the handlers about itself; AppCoreOptions extends it. */
export interface HostOptions {
  mode: 'electron' | 'browser';
  version: string;
  env: NodeJS.ProcessEnv;
  secrets: SecretStore;
  /** The workspace offered to new sessions before the person chose one (`startWorkspace`). */
  workspace?: string;
  /** Why that is not the folder the host started in, for the workspace bar. */
  workspaceNote?: string;
  /** The desktop app's native folder picker; null when cancelled. */
  pickFolder?: () => Promise<string | null>;
  /** Opens OAuth sign-in pages: Electron's shell; the system browser when absent. */
  openUrl?: UrlOpener;
  /** Checkpoints the files the Review view is about to discard; nothing is kept when absent. */
  beforeDiscard?: BeforeDiscard;
}

interface Parts {
  root: AppRoot;
  options: HostOptions;
  broker: ApprovalBroker;
  chat: ChatController;
  shells: UserShells;
  /** The chat's model overrides: the command line's, and the saved key. */
  modelOverrides: () => ModelOverrides;
  elicitations: ElicitationBroker;
  events: EventBus;
  /** Native approval dialogs follow the session a window shows. */
  dialogs?: NativeDialogGate;
}

const OK = { ok: true } as const;

/** A discard in the Review view is checkpointed first, so it can be restored like a turn. */
function checkpointBeforeDiscard(root: AppRoot): BeforeDiscard {
  return async (workspace, paths) => {
    const store = root.checkpoints.store;
    if (!store || !root.config.checkpoints.enabled) return;
    await store.take({
      workspace,
      session: 'review',
      turn: 0,
      label: `before discarding ${paths.join(', ')}`,
    });
  };
}

/** Every contract request, answered by the root. */
export function createHandlers({
  root: s,
  options,
  broker,
  chat,
  shells,
  modelOverrides,
  elicitations,
  events,
  dialogs,
}: Parts): Handlers {
  const describeKey = (key: string) => ruleFor(key)?.description;
  const emojiOf = (tool: string) => s.runtime.registry.get(tool)?.emoji ?? '🔧';
  const iconOf = (tool: string) => s.runtime.registry.get(tool)?.icon;
  const sessions = () => s.agent.sessions;
  const transcripts = new TranscriptCache();
  /** The saved key and the server it belongs to (the one the chat would use). */
  const savedKey = () => ({
    key: modelOverrides().apiKey,
    baseUrl: modelStatus(s.config.model, options.env, modelOverrides()).baseUrl ?? undefined,
  });
  return {
    'app.info': () => ({ version: options.version, mode: options.mode }),

    'toolsets.list': () => listToolsets(s.runtime, s.config),
    'toolsets.setEnabled': async ({ name, enabled }) => {
      await setToolsetEnabled(s.configStore, s.runtime, name, enabled);
      return OK;
    },

    'settings.get': () => settingsView(s.config, options.secrets, s.terminals.current.sandbox?.status()),
    'settings.update': (change) =>
      updateSettings(s.configStore, options.secrets, change, () => s.terminals.current.sandbox?.status()),

    'model.status': () => modelStatus(s.config.model, options.env, modelOverrides()),
    'model.list': (probe) => listModels(probe, probeKey(probe, savedKey(), options.env)),
    'model.test': (probe) => testModel(probe, probeKey(probe, savedKey(), options.env)),
    'model.detect': () => detectLocalServers(),

    'allowlist.list': () => allowlistView(s.config, describeKey),
    'allowlist.add': ({ key }) => addAllowlistEntry(s.configStore, key, describeKey),
    'allowlist.remove': ({ key }) => removeAllowlistEntry(s.configStore, key, describeKey),

    'approvals.pending': () => broker.list(),
    'approvals.respond': ({ id, choice, note }) => {
      broker.respond(id, choice);
      // The gate reads it after the answer settles, which is never in this same tick.
      if (note && choice === 'deny') s.denialNotes.set(id, note);
      return OK;
    },
    'approvals.ledger': (query) => sessions().ledger.list(query),
    // Read from disk: `caduceus approvals revoke` in another process may have changed config.yaml.
    'approvals.grants': async () => grantsInForce(s.gate.grants, await s.configStore.load(), Date.now()),
    'approvals.revoke': async ({ key }) => ({
      revoked: await revokeGrant(s.gate.grants, s.configStore, key),
    }),

    'memory.list': () => memoryView(s),
    'memory.remove': ({ text }) => removeMemoryEntry(s, text),

    'mcp.list': () => mcpView(s.mcp, s.config),
    'mcp.upsert': ({ name, config }) => upsertMcpServer(s.configStore, s.mcp, name, config),
    'mcp.test': ({ name, config }) => testMcpServer(s.mcp, name, config),
    'terminal.testSsh': ({ ssh }) => testSsh(ssh),
    'terminal.acceptHostKey': async ({ id }) => {
      await acceptOfferedHostKey(id);
      return OK;
    },
    'mcp.remove': async ({ name }) => {
      await removeMcpServer(s.configStore, s.mcp, name);
      return OK;
    },
    'mcp.signIn': ({ name }) =>
      signInMcpServer(s.mcp, s.config, name, options.openUrl ?? systemBrowserOpener()),
    'mcp.pendingElicitations': () => elicitations.list(),
    'mcp.answerElicitation': (answer) => {
      elicitations.respond(answer);
      return OK;
    },
    'mcp.signOut': ({ name }) => signOutMcpServer(s.mcp, s.config, name),
    'mcp.catalog': ({ name }) => s.mcp.catalog(name),
    'mcp.getPrompt': async ({ server, prompt, arguments: args }) => ({
      text: await s.mcp.promptText(server, prompt, args),
    }),

    'chat.send': async ({ text, sessionId, workspace, worktree, attachments, files }) => {
      const message = await withAttachments(s.mcp, text, attachments);
      const place =
        worktree && !sessionId ? await newWorktreeSession(s, workspace ?? options.workspace) : undefined;
      if (!place) return chat.send(message, sessionId, workspace, files);
      const reply = await chat.send(message, place, undefined, files);
      return { ...reply, workspace: sessionWorkspace(sessions(), place) };
    },
    'chat.cancel': ({ sessionId }) => {
      chat.cancel(sessionId);
      return OK;
    },
    'chat.answerClarify': ({ id, answer }) => {
      chat.answerClarify(id, answer);
      return OK;
    },

    'workspace.default': () => ({
      path: options.workspace ?? null,
      ...(options.workspaceNote ? { note: options.workspaceNote } : {}),
    }),
    'workspace.validate': ({ path }) => validateWorkspace(path, options.workspace),
    'workspace.pick': async () => {
      if (!options.pickFolder)
        throw new ContractError(
          'unsupported',
          'Folders are picked in the desktop app; type the path instead.',
        );
      return { path: await options.pickFolder() };
    },

    ...reviewHandlers(options.workspace, options.beforeDiscard ?? checkpointBeforeDiscard(s)),
    ...checkpointHandlers(s, chat),

    'sessions.list': (request) =>
      listSessionViews(sessions(), request).map((v) => ({
        ...v,
        ...(chat.isRunning(v.id) ? { running: true } : {}),
        state: chat.states.state(v.id),
      })),
    // A window that reloads mid-turn learns the turn runs, so it offers Stop.
    'sessions.get': ({ id }) => {
      const detail = sessionDetail(sessions(), id, emojiOf, iconOf, {
        transcripts,
        toolsGeneration: s.runtime.registry.generation,
      });
      return chat.isRunning(id) ? { ...detail, running: true } : detail;
    },
    'sessions.toolOutput': (input) => toolOutputPage(sessions(), input),
    'sessions.rename': ({ id, title }) => {
      sessions().renameSession(id, title);
      return OK;
    },
    'sessions.delete': async ({ id, confirm }) => {
      const removal = await deleteSession(s, chat, events, id, confirm === true);
      return removal.status === 'needs-confirm' ? removal : OK;
    },
    'sessions.worktree': ({ id }) => worktreeView(sessions(), id),
    'sessions.merge': ({ id, into }) => mergeWorktree(worktreeOf(sessions(), id), into),
    'sessions.worktreeChanges': async ({ id }) => {
      const tree = worktreeOf(sessions(), id);
      return { base: tree.base, files: await worktreeChanges(tree) };
    },
    'sessions.worktreeDiff': async ({ id, path }) => ({
      ...(await worktreeDiff(worktreeOf(sessions(), id), path)),
      side: 'unstaged' as const,
    }),
    'sessions.viewed': ({ id }) => {
      if (id !== null) chat.states.viewed(id);
      dialogs?.shown(id ?? undefined);
      return OK;
    },
    'sessions.export': ({ id, format }) => exportSessionFile(sessions(), id, format),
    'sessions.find': ({ id, query, limit }) => findInSessionView(sessions(), id, query, limit),

    'terminal.openShell': async ({ taskId, cols, rows }) => {
      // A session's shell starts in its workspace, also before its first turn since the app started.
      const workspace = taskId === undefined ? undefined : sessions().getSession(taskId)?.workspace;
      if (taskId !== undefined && workspace) s.bindWorkspace(taskId, workspace);
      return { streamId: await shells.open(taskId ?? `shell-${randomUUID().slice(0, 8)}`, cols, rows) };
    },
    'terminal.write': ({ streamId, data }) => {
      shells.write(streamId, data);
      return OK;
    },
    'terminal.resize': ({ streamId, cols, rows }) => {
      shells.resize(streamId, cols, rows);
      return OK;
    },
    'terminal.ack': ({ streamId, chars, pace }, caller) => {
      s.terminals.current.ack(streamId, chars, caller.consumer, pace);
      return OK;
    },
    'terminal.pace': () => ({ pace: s.terminals.current.streams.startPace }),
    'terminal.close': async ({ streamId }) => {
      await shells.close(streamId);
      return OK;
    },
    'terminal.restore': async (_input, caller) => {
      if (caller.consumer !== undefined) await s.terminals.current.streams.restore(caller.consumer);
      return OK;
    },
    'terminal.shells': () => shells.list(),
    'terminal.detach': ({ streamId }, caller) => {
      if (caller.consumer !== undefined) s.terminals.current.streams.detach(streamId, caller.consumer);
      return OK;
    },
    'terminal.view': ({ streamId, shown }, caller) => {
      s.terminals.current.streams.view(streamId, shown, caller.consumer);
      return OK;
    },
  };
}
