import { z } from 'zod';
import { FileAttachmentsSchema } from '../fileAttachments';
import { GrantSchema, LedgerEntrySchema, LedgerQuerySchema } from '../approvalsLedger';
import { SandboxChangeSchema } from '../sandboxSettings';
import {
  ChatEventSchema,
  ExportFormatSchema,
  SessionDetailSchema,
  ToolOutputPageSchema,
  SessionRunStateSchema,
  SessionSummarySchema,
} from './chatSchemas';
import {
  LocalServerSchema,
  ModelListSchema,
  ModelProbeSchema,
  ModelStatusSchema,
  ModelTestSchema,
} from './modelSchemas';
import {
  AttachmentRefSchema,
  McpCatalogSchema,
  McpPromptRequestSchema,
  McpPromptTextSchema,
} from './mcpSchemas';
import { checkpointRequests } from './checkpointSchemas';
import { findRequests } from './findSchemas';
import { reviewRequests } from './reviewSchemas';
import { SessionDeleteResultSchema, worktreeRequests } from './worktreeSchemas';
import { WorkspaceCheckSchema, WorkspacePathSchema } from './workspaceSchemas';
import {
  AllowlistEntrySchema,
  ApprovalChoiceSchema,
  ApprovalsChangeSchema,
  ApprovalRequestSchema,
  ElicitationAnswerSchema,
  ElicitationRequestSchema,
  McpServerInfoSchema,
  MemoryEntrySchema,
  MemoryWriteApprovalSchema,
  SettingsSchema,
  TerminalDataSchema,
  ToolsetInfoSchema,
} from './schemas';
import type { EventName, RequestName } from './names';

/**
 * Every request and event between main and the renderer, each with its schema. Main validates
 * input before a handler runs; the preload and the WebSocket client expose exactly these names,
 * listed in names.ts (the entries here must be exactly those).
 */
const none = z.object({}).strict();
const ok = z.object({ ok: z.literal(true) });

export const requests = {
  'app.info': {
    input: none,
    output: z.object({ version: z.string(), mode: z.enum(['electron', 'browser']) }),
  },

  'toolsets.list': { input: none, output: z.array(ToolsetInfoSchema) },
  'toolsets.setEnabled': {
    input: z.object({ name: z.string().min(1), enabled: z.boolean() }).strict(),
    output: ok,
  },

  'settings.get': { input: none, output: SettingsSchema },
  'settings.update': {
    input: z
      .object({
        model: z
          .object({ provider: z.string(), base_url: z.string(), name: z.string(), apiKey: z.string() })
          .partial()
          .strict()
          .optional(),
        approvals: ApprovalsChangeSchema.optional(),
        terminal: z.record(z.string(), z.unknown()).optional(),
        sandbox: SandboxChangeSchema.optional(),
        memory: z.object({ write_approval: MemoryWriteApprovalSchema }).strict().optional(),
        sessions: z
          .object({ max_concurrent_turns: z.number().int().min(1).max(32) })
          .strict()
          .optional(),
        notifications: z
          .object({ enabled: z.boolean(), min_turn_seconds: z.number().int().min(0).max(86_400) })
          .partial()
          .strict()
          .optional(),
      })
      .strict(),
    output: SettingsSchema,
  },

  'model.status': { input: none, output: ModelStatusSchema },
  /** The server's `/models`, for the set-up card's model list. */
  'model.list': { input: ModelProbeSchema, output: ModelListSchema },
  /** One tiny chat request; the exact error when it fails. */
  'model.test': { input: ModelProbeSchema, output: ModelTestSchema },
  /** Ollama and LM Studio answering on their default loopback ports. */
  'model.detect': { input: none, output: z.array(LocalServerSchema) },

  'allowlist.list': { input: none, output: z.array(AllowlistEntrySchema) },
  'allowlist.add': {
    input: z.object({ key: z.string().trim().min(1).max(200) }).strict(),
    output: z.array(AllowlistEntrySchema),
  },
  'allowlist.remove': {
    input: z.object({ key: z.string().min(1) }).strict(),
    output: z.array(AllowlistEntrySchema),
  },

  'approvals.pending': { input: none, output: z.array(ApprovalRequestSchema) },
  'approvals.respond': {
    input: z
      .object({
        id: z.string().min(1),
        choice: ApprovalChoiceSchema,
        /** With a denial: why, in the user's words, for the agent. */
        note: z.string().max(2000).optional(),
      })
      .strict(),
    output: ok,
  },
  'approvals.ledger': { input: LedgerQuerySchema, output: z.array(LedgerEntrySchema) },
  'approvals.grants': { input: none, output: z.array(GrantSchema) },
  'approvals.revoke': {
    input: z.object({ key: z.string().min(1).max(500) }).strict(),
    output: z.object({ revoked: z.number().int().nonnegative() }),
  },

  /** What the memory holds, each entry with when and in which session it was written. */
  'memory.list': { input: none, output: z.array(MemoryEntrySchema) },
  /** Removes the entry whose text is exactly `text`; the entries left. */
  'memory.remove': {
    input: z.object({ text: z.string().min(1) }).strict(),
    output: z.array(MemoryEntrySchema),
  },

  'mcp.list': { input: none, output: z.array(McpServerInfoSchema) },
  'mcp.upsert': {
    input: z
      .object({ name: z.string().regex(/^[A-Za-z0-9_.-]+$/), config: z.record(z.string(), z.unknown()) })
      .strict(),
    output: McpServerInfoSchema,
  },
  /** Starts the server apart from the live ones, lists its tools, stops it; nothing is saved. */
  'mcp.test': {
    input: z
      .object({ name: z.string().regex(/^[A-Za-z0-9_.-]+$/), config: z.record(z.string(), z.unknown()) })
      .strict(),
    output: z.object({ ok: z.boolean(), tools: z.array(z.string()), error: z.string().optional() }),
  },
  /** Connects once with these SSH options; an unknown host key comes back to be accepted. */
  'terminal.testSsh': {
    input: z.object({ ssh: z.record(z.string(), z.unknown()) }).strict(),
    output: z.object({
      ok: z.boolean(),
      message: z.string(),
      hostKey: z
        .object({
          id: z.string(),
          status: z.string(),
          keyType: z.string(),
          fingerprint: z.string(),
          host: z.string(),
          port: z.number(),
        })
        .optional(),
    }),
  },
  /** Adds a host key a test was offered to known_hosts. */
  'terminal.acceptHostKey': { input: z.object({ id: z.string().min(1) }).strict(), output: ok },
  'mcp.remove': { input: z.object({ name: z.string().min(1) }).strict(), output: ok },
  /** OAuth sign-in in the system browser; resolves when the server is connected (or not). */
  'mcp.signIn': { input: z.object({ name: z.string().min(1) }).strict(), output: McpServerInfoSchema },
  'mcp.answerElicitation': { input: ElicitationAnswerSchema, output: ok },
  'mcp.pendingElicitations': { input: none, output: z.array(ElicitationRequestSchema) },
  'mcp.signOut': { input: z.object({ name: z.string().min(1) }).strict(), output: McpServerInfoSchema },
  /** A connected server's resources and prompts (empty for a server that is not connected). */
  'mcp.catalog': { input: z.object({ name: z.string().min(1) }).strict(), output: McpCatalogSchema },
  'mcp.getPrompt': { input: McpPromptRequestSchema, output: McpPromptTextSchema },

  'chat.send': {
    input: z
      .object({
        sessionId: z.string().optional(),
        text: z.string().trim().min(1).max(200_000),
        /** A new session's folder (or one for a session stored without); main checks it again. */
        workspace: WorkspacePathSchema.optional(),
        /** A new session works in a git worktree of its own, made from the workspace's repository. */
        worktree: z.boolean().optional(),
        /** MCP resources read and appended to the message (src-shared/attachments.ts). */
        attachments: z.array(AttachmentRefSchema).max(10).optional(),
        /** Pasted or dropped files (src-shared/fileAttachments.ts); main checks them again. */
        files: FileAttachmentsSchema.optional(),
      })
      .strict(),
    output: z.object({
      sessionId: z.string(),
      turnId: z.string(),
      /** The folder the new session works in when it is not the one asked for (its worktree). */
      workspace: z.string().optional(),
    }),
  },
  'chat.cancel': { input: z.object({ sessionId: z.string() }).strict(), output: ok },
  'chat.answerClarify': {
    input: z.object({ id: z.string(), answer: z.string().max(20_000) }).strict(),
    output: ok,
  },

  /** The folder a new session is offered: `serve`'s starting folder; none in the desktop app, which asks. */
  'workspace.default': {
    input: none,
    output: z.object({ path: z.string().nullable(), note: z.string().optional() }),
  },
  /** Whether a typed path can be a workspace (browser mode's field), and its absolute form. */
  'workspace.validate': {
    input: z.object({ path: WorkspacePathSchema }).strict(),
    output: WorkspaceCheckSchema,
  },
  /** The desktop app's native folder picker; null when cancelled. Refused in browser mode. */
  'workspace.pick': { input: none, output: z.object({ path: z.string().nullable() }) },

  /** The Review view: a git workspace's changes against HEAD (reviewSchemas.ts). */
  ...reviewRequests,
  /** The Changes pane: each turn's checkpoint, its files, diffs and reverts (checkpointSchemas.ts). */
  ...checkpointRequests,

  /**
   * Newest first, a page at a time: `after` is the last session of the page before. A query
   * gives the best-matching sessions instead, in one page.
   */
  'sessions.list': {
    input: z
      .object({
        query: z.string().max(500).optional(),
        limit: z.number().int().min(1).max(500).optional(),
        after: z.object({ updatedAt: z.number(), id: z.string() }).strict().optional(),
      })
      .strict(),
    output: z.array(SessionSummarySchema),
  },
  'sessions.get': { input: z.object({ id: z.string() }).strict(), output: SessionDetailSchema },
  /** A page of a stored call's output (a card opened whose card says `outputSize`). */
  'sessions.toolOutput': {
    input: z
      .object({
        sessionId: z.string(),
        callId: z.string(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(1_000_000),
      })
      .strict(),
    output: ToolOutputPageSchema,
  },
  'sessions.rename': {
    input: z.object({ id: z.string(), title: z.string().trim().min(1).max(200) }).strict(),
    output: ok,
  },
  /** `confirm`: also when its worktree holds unmerged work, which is otherwise said instead. */
  'sessions.delete': {
    input: z.object({ id: z.string(), confirm: z.boolean().optional() }).strict(),
    output: SessionDeleteResultSchema,
  },
  ...worktreeRequests,
  ...findRequests,
  /**
   * A window shows the session (null: a new chat): its finished answer (or failure) is no longer
   * unread, and the desktop app's native approval dialogs follow it.
   */
  'sessions.viewed': { input: z.object({ id: z.string().nullable() }).strict(), output: ok },
  'sessions.export': {
    input: z.object({ id: z.string(), format: ExportFormatSchema }).strict(),
    output: z.object({ filename: z.string(), content: z.string() }),
  },

  'terminal.openShell': {
    input: z
      .object({
        taskId: z.string().optional(),
        cols: z.number().int().min(2).max(1000),
        rows: z.number().int().min(1).max(500),
      })
      .strict(),
    output: z.object({ streamId: z.string() }),
  },
  'terminal.write': {
    input: z.object({ streamId: z.string(), data: z.string().max(65_536) }).strict(),
    output: ok,
  },
  'terminal.resize': {
    input: z
      .object({
        streamId: z.string(),
        cols: z.number().int().min(2).max(1000),
        rows: z.number().int().min(1).max(500),
      })
      .strict(),
    output: ok,
  },
  'terminal.ack': {
    /** `pace`: the page's painting runs slow; feed it that many times less (1 = as fast as allowed). */
    input: z
      .object({
        streamId: z.string(),
        chars: z.number().int().min(0),
        pace: z.number().min(1).max(64).optional(),
      })
      .strict(),
    output: ok,
  },
  /** The pace a page starts at (1 = full): where pages on this machine last settled (see terminal.ack). */
  'terminal.pace': { input: none, output: z.object({ pace: z.number().min(1).max(64) }) },
  'terminal.close': { input: z.object({ streamId: z.string() }).strict(), output: ok },
  /** Sends the caller a snapshot of every agent terminal screen, live or finished (after a reload). */
  'terminal.restore': { input: none, output: ok },
  /** The user shells still open, so a reloaded page gets their tabs back. */
  'terminal.shells': {
    input: none,
    output: z.array(z.object({ streamId: z.string(), taskId: z.string() })),
  },
  /** The caller closed the tab of an agent's stream: it is sent none of its output any more. */
  'terminal.detach': { input: z.object({ streamId: z.string() }).strict(), output: ok },
  /**
   * Whether the caller shows the stream (its tab in front, or its card in the chat in view): one it
   * does not show is sent in fewer, larger batches.
   */
  'terminal.view': { input: z.object({ streamId: z.string(), shown: z.boolean() }).strict(), output: ok },
} as const satisfies Record<RequestName, { input: z.ZodType; output: z.ZodType }>;

export const events = {
  'chat.event': ChatEventSchema,
  'terminal.data': TerminalDataSchema,
  /** A session was deleted (in any window): lists drop it, and a window showing it leaves it. */
  'sessions.deleted': z.object({ id: z.string() }),
  /** A session's state changed (running, waiting, unread, failed, idle); `waiting` counts every session waiting for a person. */
  'sessions.state': z.object({ id: z.string(), state: SessionRunStateSchema, waiting: z.number() }),
  'terminal.exit': z.object({ streamId: z.string(), exitCode: z.number().nullable() }),
  /** The task's session was deleted: what ran for it has ended, and its agent tab goes away. */
  'terminal.taskClosed': z.object({ taskId: z.string() }),
  /** A foreground command waits for input; what the user types in its tab goes to it. */
  'terminal.inputWait': z.object({
    streamId: z.string(),
    taskId: z.string(),
    toolCallId: z.string(),
    prompt: z.string(),
  }),
  'approval.requested': ApprovalRequestSchema,
  'approval.resolved': z.object({
    id: z.string(),
    choice: z.union([ApprovalChoiceSchema, z.literal('timeout')]),
  }),
  'settings.changed': SettingsSchema,
  /** An MCP server asks the person to fill in a form; answered with mcp.answerElicitation. */
  'mcp.elicitation': ElicitationRequestSchema,
  'mcp.elicitationResolved': z.object({ id: z.string() }),
} as const satisfies Record<EventName, z.ZodType>;

export type { EventName, RequestName };
export type RequestInput<N extends RequestName> = z.input<(typeof requests)[N]['input']>;
export type RequestOutput<N extends RequestName> = z.infer<(typeof requests)[N]['output']>;
export type EventPayload<N extends EventName> = z.infer<(typeof events)[N]>;

/** The Electron channel of a request or event: one prefix, so nothing else can be invoked. */
export function channelOf(name: RequestName | EventName): string {
  return `caduceus:${name}`;
}

/** What every request resolves to over any transport. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
