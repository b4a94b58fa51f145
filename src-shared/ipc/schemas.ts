import { z } from 'zod';
import { TerminalBackendKindSchema } from '../backends/registry';

/** Data shapes that cross the process boundary, shared by main and the renderer. */

export const ToolsetKindSchema = z.enum(['leaf', 'composite', 'preset', 'legacy', 'mcp', 'plugin', 'all']);
export type ToolsetKind = z.infer<typeof ToolsetKindSchema>;

/** Every tool of a toolset passes its check, some do (partly: n of m), or none. */
export const ToolsetAvailabilitySchema = z.enum(['available', 'partial', 'unavailable']);
export type ToolsetAvailability = z.infer<typeof ToolsetAvailabilitySchema>;

export const ToolAvailabilitySchema = z.object({
  name: z.string(),
  available: z.boolean(),
  reason: z.string().optional(),
});
export type ToolAvailability = z.infer<typeof ToolAvailabilitySchema>;

export const ToolsetInfoSchema = z.object({
  name: z.string(),
  kind: ToolsetKindSchema,
  description: z.string(),
  tools: z.array(z.string()),
  includes: z.array(z.string()),
  availability: ToolsetAvailabilitySchema,
  /** At least one of its tools is offered. */
  available: z.boolean(),
  toolsAvailable: z.number().int(),
  toolsTotal: z.number().int(),
  /** Every tool the toolset stands for (includes resolved), with the reason when unavailable. */
  toolAvailability: z.array(ToolAvailabilitySchema),
  requiresEnv: z.array(z.string()),
  missingEnv: z.array(z.string()),
  unavailable: z.record(z.string(), z.string()),
  /** Whether the user's toolset selection turns it on. */
  enabled: z.boolean(),
});
export type ToolsetInfo = z.infer<typeof ToolsetInfoSchema>;

/**
 * manual asks a person; auto lets a command the sandbox confines to the workspace, with no network,
 * run unasked (a checkpoint can undo it); smart asks a helper model first; off asks nobody.
 */
export const ApprovalModeSchema = z.enum(['manual', 'auto', 'smart', 'off']);
/** Who answers a question: a person each time, or always yes, or always no (the CLI's `--approvals`, MCP sampling). */
export const AskPolicySchema = z.enum(['ask', 'deny', 'allow']);
export type AskPolicy = z.infer<typeof AskPolicySchema>;
export type ApprovalMode = z.infer<typeof ApprovalModeSchema>;
/** `approvals.containers`: whether container backends still ask (hardline never runs). */
export const ContainerPolicySchema = z.enum(['prompt', 'skip']);
export type ContainerPolicy = z.infer<typeof ContainerPolicySchema>;
export const VerdictLevelSchema = z.enum(['hardline', 'dangerous', 'safe']);
export type VerdictLevel = z.infer<typeof VerdictLevelSchema>;
export const ApprovalChoiceSchema = z.enum(['once', 'session', 'hour', 'always', 'deny']);
export type ApprovalChoice = z.infer<typeof ApprovalChoiceSchema>;

export const VerdictSegmentSchema = z.object({
  text: z.string(),
  start: z.number(),
  end: z.number(),
  keys: z.array(z.string()),
});

/**
 * What every approval question carries, in the gate (with its whole verdict) and on the wire
 * (with the verdict flattened for the windows): one list of fields for both.
 */
export const ApprovalQuestionSchema = z.object({
  /** Unique per prompt; an answer is bound to it and to the exact command. */
  id: z.string(),
  command: z.string(),
  sessionId: z.string(),
  taskId: z.string(),
  toolCallId: z.string(),
  /** Rule keys an "always" answer stores in config.yaml `command_allowlist`. */
  alwaysKeys: z.array(z.string()),
  createdAt: z.number(),
  /** Shared by the requests of one batch, which are asked together in one sheet. */
  batchId: z.string().optional(),
  /** Set when `command` is not a shell command but words about a change ('skill', 'memory'). */
  subjectKind: z.string().optional(),
  /** Shown under the command: the content written, a diff, what is deleted. */
  detail: z.string().optional(),
  /** The file a write tool writes (`command` is the `tee -- path` it was judged as); `detail` is its diff. */
  writesTo: z.string().optional(),
});

/** An approval question as the windows receive it. */
export const ApprovalRequestSchema = ApprovalQuestionSchema.extend({
  verdict: VerdictLevelSchema,
  keys: z.array(z.string()),
  reasons: z.array(z.string()),
  segments: z.array(VerdictSegmentSchema),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

export const AllowlistEntrySchema = z.object({
  key: z.string(),
  description: z.string(),
});
export type AllowlistEntry = z.infer<typeof AllowlistEntrySchema>;

export const SandboxModeSchema = z.enum(['workspace-write', 'read-only', 'off']);

/** The command sandbox: configured mode, what commands get (`unavailable`: refused), and why. */
export const SandboxStatusSchema = z.object({
  configured: SandboxModeSchema,
  effective: z.union([SandboxModeSchema, z.literal('unavailable')]),
  reason: z.string().optional(),
});
export type SandboxStatus = z.infer<typeof SandboxStatusSchema>;

/** The status plus config.yaml's lists, for the Settings section. */
export const SandboxSettingsSchema = SandboxStatusSchema.extend({
  writable_roots: z.array(z.string()),
  network: z.object({ allowed_domains: z.array(z.string()) }),
});
export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;

/** config.yaml `memory.write_approval`: ask a person before each memory write, or allow and record it. */
export const MemoryWriteApprovalSchema = z.enum(['allow', 'ask']);

/** One memory entry, with the newest allowed write of it in the approvals ledger when there is one. */
export const MemoryEntrySchema = z.object({
  text: z.string(),
  writtenAt: z.number().nullable(),
  sessionId: z.string().nullable(),
});
export type MemoryEntry = z.infer<typeof MemoryEntrySchema>;

/**
 * config.yaml's `approvals` block, its defaults and bounds declared once: the config schema is
 * this, the gate's settings rename its keys, Settings shows and changes a part of it.
 */
export const ApprovalsBlockSchema = z.object({
  mode: ApprovalModeSchema.default('manual'),
  /** 0 waits until a person answers; a positive number denies after that many seconds. */
  timeout_seconds: z.number().min(0).default(0),
  /** Container backends are isolated: their dangerous (never hardline) commands may skip the prompt. */
  containers: ContainerPolicySchema.default('skip'),
  /** Command-prefix rules, compared word by word against each segment. */
  deny: z.array(z.string()).default([]),
  allow: z.array(z.string()).default([]),
});

/** The timeouts Settings offers besides 0 (config.yaml takes any): a deadline a person could mean. */
export const SETTINGS_APPROVAL_TIMEOUT = { min: 5, max: 3600 } as const;

const approvalsBlock = ApprovalsBlockSchema.shape;

/** config.yaml `approvals` as Settings shows it (its rule lists stay in config.yaml). */
export const ApprovalsViewSchema = ApprovalsBlockSchema.pick({
  mode: true,
  timeout_seconds: true,
  containers: true,
});

/** A change Settings sends: the same fields, without defaults, a timeout in Settings' bounds. */
export const ApprovalsChangeSchema = z
  .object({
    mode: approvalsBlock.mode.unwrap(),
    timeout_seconds: approvalsBlock.timeout_seconds
      .unwrap()
      .int()
      .max(SETTINGS_APPROVAL_TIMEOUT.max)
      .refine(
        (s) => s === 0 || s >= SETTINGS_APPROVAL_TIMEOUT.min,
        `0 (wait) or ${SETTINGS_APPROVAL_TIMEOUT.min} to ${SETTINGS_APPROVAL_TIMEOUT.max} seconds`,
      ),
    containers: approvalsBlock.containers.unwrap(),
  })
  .partial()
  .strict();

export const SettingsSchema = z.object({
  model: z.object({
    provider: z.string().optional(),
    base_url: z.string().optional(),
    name: z.string().optional(),
    hasApiKey: z.boolean(),
    /** Where keys are kept: the OS keychain, or a file (with why) where none answers. */
    keyStore: z
      .object({
        kind: z.enum(['keychain', 'file', 'memory']),
        label: z.string(),
        note: z.string().optional(),
      })
      .optional(),
  }),
  approvals: ApprovalsViewSchema,
  terminal: z.object({ backend: TerminalBackendKindSchema }).catchall(z.unknown()),
  toolsets: z.object({ enabled: z.array(z.string()).optional(), disabled: z.array(z.string()) }),
  sandbox: SandboxSettingsSchema.optional(),
  memory: z.object({ write_approval: MemoryWriteApprovalSchema }),
  sessions: z.object({ max_concurrent_turns: z.number() }),
  notifications: z.object({ enabled: z.boolean(), min_turn_seconds: z.number() }),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const McpServerInfoSchema = z.object({
  name: z.string(),
  state: z.enum(['connected', 'failed', 'disabled', 'needs_auth']),
  tools: z.array(z.string()),
  error: z.string().optional(),
  config: z.record(z.string(), z.unknown()),
  /** OAuth tokens are stored for it: Settings offers to sign out. */
  signedIn: z.boolean().optional(),
});
export type McpServerInfo = z.infer<typeof McpServerInfoSchema>;

/** One field of an MCP server's form (elicitation), flattened from its JSON schema. */
export const ElicitationFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['string', 'number', 'integer', 'boolean']),
  title: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  choices: z.array(z.string()).optional(),
});
export type ElicitationField = z.infer<typeof ElicitationFieldSchema>;

export const ElicitationRequestSchema = z.object({
  id: z.string(),
  server: z.string(),
  message: z.string(),
  fields: z.array(ElicitationFieldSchema),
});
export type ElicitationRequestView = z.infer<typeof ElicitationRequestSchema>;

export const ElicitationAnswerSchema = z
  .object({
    id: z.string(),
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  })
  .strict();

export const TerminalDataSchema = z.object({
  streamId: z.string(),
  taskId: z.string().optional(),
  toolCallId: z.string().optional(),
  data: z.string(),
  /** The stream's whole screen as it is now: the page resets its terminal, then writes it. */
  snapshot: z.boolean().optional(),
  /** The snapshot's grid: the page writes it at this size, then fits the terminal as usual. */
  size: z.object({ cols: z.number().int().min(1), rows: z.number().int().min(1) }).optional(),
  /**
   * No data: main holds this stream's live output back from the page for now (it comes faster
   * than the page is fed); a snapshot of the screen follows once the page has caught up.
   */
  held: z.boolean().optional(),
});
export type TerminalData = z.infer<typeof TerminalDataSchema>;

/** Errors cross the boundary as data; Electron would keep only the message of a thrown one. */
export const IpcErrorSchema = z.object({ code: z.string(), message: z.string() });
export type IpcError = z.infer<typeof IpcErrorSchema>;
