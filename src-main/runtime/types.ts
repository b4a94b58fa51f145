/** Core types of the tool runtime: what a tool is, what it receives, what it returns. */
import type { ApprovalRefusal } from '../../src-shared/agentEvents';
import type { FileDiff } from '../../src-shared/fileDiff';
import type { ExecDecision } from './execDecision';

/** A JSON schema object as found in an OpenAI function schema's `parameters`. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  additionalProperties?: boolean | JsonSchema;
  [keyword: string]: unknown;
}

/** An OpenAI function schema. */
export interface FunctionSchema {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/** What a tool definition looks like when offered to the model. */
export interface ToolDefinition {
  type: 'function';
  function: FunctionSchema;
}

/** Per-call context handed to every handler. */
export interface ToolContext {
  taskId: string;
  sessionId: string;
  toolCallId: string;
  /** Aborted when the user cancels the turn; long-running handlers should stop. */
  signal?: AbortSignal;
  /** Live output of a running tool (terminal chunks, progress lines). */
  onOutput?: (chunk: string) => void;
  /** Tools the model was offered in this session; a tool that calls others stays within them. */
  offeredTools?: ReadonlySet<string>;
  /**
   * Handlers the calling agent loop registered for its own tools (todo, memory, …): they answer
   * those names in place of the registry's, through the same dispatch.
   */
  loopHandlers?: ReadonlyMap<string, ToolHandler>;
}

export type ToolArgs = Record<string, unknown>;

/** Marks an object as a ToolOutcome, so a plain value a tool returns is never taken for one. */
export const OUTCOME: unique symbol = Symbol('ToolOutcome');

/**
 * What one tool call produced. `text` is exactly what the model reads; the other fields say what
 * happened, so nothing downstream reads it back out of the text. Built with `runtime/outcome.ts`.
 */
export interface ToolOutcome {
  readonly [OUTCOME]: true;
  /** False for any failure: invalid arguments, a tool error, a hook's block, a refusal. */
  ok: boolean;
  text: string;
  /**
   * The approval gate refused the command: without asking (blocked) or by a person's no (denied).
   * When `decision` is present this is its refusal's kind.
   */
  refusal?: ApprovalRefusal;
  /** What the execution policy decided (sandbox/execPolicy.ts): who, why, in which fence. */
  decision?: ExecDecision;
  /** The exit code of the command the tool ran, when it ran one (null: it had none, e.g. killed). */
  exitCode?: number | null;
  /** What a file write changed (write_file, patch): the card and the stored call show it. */
  fileDiff?: FileDiff;
  /** The value `text` was serialised from, when there was one. */
  data?: unknown;
}

/**
 * Returns a ToolOutcome, or any other value (a plugin's, a simple tool's): that is a success
 * whose text is the value itself when a string, else its JSON.
 */
export type ToolHandler = (args: ToolArgs, ctx: ToolContext) => unknown;

/**
 * Decides whether a tool is offered. `true` means available; `false` or a string (the reason)
 * means unavailable. Throwing also means unavailable.
 */
export type CheckFn = () => boolean | string | Promise<boolean | string>;

export interface ToolSpec {
  name: string;
  toolset: string;
  schema: FunctionSchema;
  handler: ToolHandler;
  checkFn?: CheckFn;
  /** Environment variables the tool needs; listed so Settings can say what is missing. */
  requiresEnv?: string[];
  isAsync?: boolean;
  description?: string;
  emoji?: string;
  /** Read-only or otherwise safe to run beside other calls in one batch. */
  parallelSafe?: boolean;
  /** Argument naming the file a call writes; calls on distinct paths may run together. */
  pathArg?: string;
  /** Never run beside other calls of a batch: it waits on the user or changes the shell's state. */
  neverParallel?: boolean;
  /**
   * The shell command a call runs, read from its arguments, so the approval gate hears every
   * command of a batch before the first runs (and can ask about them together).
   */
  gateCommand?: (args: ToolArgs) => string | undefined;
  /** Its line icon on the card (a name of src-renderer's ui/Icon); without one, a wrench. */
  icon?: string;
  /**
   * What its toolset is for; one tool of a built-in toolset says it, which makes the toolset a
   * leaf of the catalog (without it a toolset only the registry knows is a plugin's).
   */
  toolsetDescription?: string;
  /**
   * The presets and composites (`caduceus-desktop`, `coding`, …) that offer it; usually
   * `SURFACE_PRESETS` or `CODING_PRESETS` of runtime/toolsetCatalog.ts.
   */
  presets?: readonly string[];
  /** An execute_code script may call it, with an example call (Python keywords, a Node object). */
  fromScripts?: { example?: { python: string; node: string } };
  /** Its schema as offered beside these tools, when its text names other tools (it may not mention absent ones). */
  offeredWith?: (schema: FunctionSchema, offered: readonly ToolEntry[]) => FunctionSchema;
}

export interface ToolEntry extends ToolSpec {
  description: string;
  emoji: string;
  requiresEnv: string[];
  isAsync: boolean;
  parallelSafe: boolean;
}

/** Minimal logging surface; the CLI routes warnings to stderr. */
export interface Logger {
  warn(message: string): void;
  error(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}
