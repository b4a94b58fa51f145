import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  GetPromptResult,
  Progress,
  Prompt,
  ReadResourceResult,
  Resource,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../config/schema';
import type { Logger } from '../runtime/types';
import type { WrappedCommand } from '../sandbox/sandbox';
import { shQuote } from '../../src-shared/shellQuote';
import { McpCredentials } from './auth/credentials';
import { McpOAuthProvider, type SignInInteraction } from './auth/provider';
import type { McpClientContext } from './clientContext';
import type { McpCallResult } from './toolResult';

/** How long a person may take in the browser before a sign-in gives up. */
const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/** The SDK loads with the first server, so a config without MCP servers never parses it. */
async function loadSdk() {
  const [
    { UnauthorizedError },
    { StdioClientTransport },
    { StreamableHTTPClientTransport },
    { createClient },
  ] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/auth.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('./client'),
  ]);
  return { UnauthorizedError, StdioClientTransport, StreamableHTTPClientTransport, createClient };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** One live connection to an MCP server over stdio or Streamable HTTP (with OAuth). */
export class McpConnection {
  private client: Client | undefined;
  private transport: StreamableHTTPClientTransport | StdioClientTransport | undefined;
  private stderrTail = '';
  /** Live output of the tool calls in flight, which the server's log lines are shown on. */
  private readonly liveOutputs = new Set<(line: string) => void>();
  readonly auth: McpOAuthProvider | undefined;
  private wrapped: WrappedCommand | undefined;
  private tmpDir: string | undefined;
  private sdk: Sdk | undefined;

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly logger: Logger,
    private readonly context: McpClientContext = {},
  ) {
    if (config.url && context.secrets)
      this.auth = new McpOAuthProvider(new McpCredentials(context.secrets, name, config.url), config.oauth);
  }

  /** Connects; with `interaction`, a server that wants OAuth gets a browser sign-in first. */
  async connect(onToolsChanged: () => void, interaction?: SignInInteraction): Promise<void> {
    if (this.auth) this.auth.interaction = interaction;
    const sdk = (this.sdk ??= await loadSdk());
    await this.withSignIn(async () => {
      const client = sdk.createClient(this.name, this.context, onToolsChanged, this.config.sampling, (line) =>
        this.onServerLog(line),
      );
      const transport = await this.newTransport(sdk);
      this.transport = transport;
      try {
        await withTimeout(
          client.connect(transport),
          this.timeoutMs,
          `connecting to MCP server "${this.name}"`,
        );
      } catch (err) {
        await client.close().catch(() => undefined);
        const tail = this.stderrTail.trim();
        if (!tail || err instanceof sdk.UnauthorizedError) throw err;
        const said = ` (server said: ${tail.split('\n').slice(-3).join(' | ')})`;
        throw new Error(`${(err as Error).message}${said}`, { cause: err });
      }
      this.client = client;
      // Connected: a later request that needs a new sign-in (step-up) may send the person to it.
      if (this.auth) this.auth.stepUpOpener = this.context.signInOpener;
      // A sandboxed server is held to sandbox.limits like any command; stopped, it says why.
      if (this.wrapped && transport instanceof sdk.StdioClientTransport && transport.pid !== null)
        this.wrapped.watch(transport.pid, (breach) =>
          this.logger.warn(`MCP server ${this.name}: ${breach.message}`),
        );
    });
  }

  async listTools(): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.withSignIn(() =>
        this.requireClient().listTools(cursor ? { cursor } : {}, { timeout: this.timeoutMs }),
      );
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }

  /** Calls a tool; `onProgress` receives the server's progress lines (and keeps the call alive). */
  async callTool(
    tool: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
    onProgress?: (line: string) => void,
  ): Promise<McpCallResult> {
    const options = {
      timeout: this.timeoutMs,
      ...(signal ? { signal } : {}),
      ...(onProgress
        ? {
            resetTimeoutOnProgress: true,
            onprogress: (p: Progress) => onProgress(progressLine(p)),
          }
        : {}),
    };
    if (onProgress) this.liveOutputs.add(onProgress);
    try {
      return (await this.withSignIn(
        () => this.requireClient().callTool({ name: tool, arguments: args }, undefined, options),
        signal,
      )) as McpCallResult;
    } finally {
      if (onProgress) this.liveOutputs.delete(onProgress);
    }
  }

  private onServerLog(line: string): void {
    this.logger.debug(`MCP server ${this.name}: ${line}`);
    for (const output of this.liveOutputs) output(`${line}\n`);
  }

  /** Whether the server offers resources (resources/list and resources/read). */
  hasResources(): boolean {
    return Boolean(this.client?.getServerCapabilities()?.resources);
  }

  /** The first `limit` resources the server lists (for the read tool's description). */
  async listResources(limit: number): Promise<Resource[]> {
    const out: Resource[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.requireClient().listResources(cursor ? { cursor } : {}, {
        timeout: this.timeoutMs,
      });
      out.push(...page.resources);
      cursor = page.nextCursor;
    } while (cursor && out.length < limit);
    return out.slice(0, limit);
  }

  hasPrompts(): boolean {
    return Boolean(this.client?.getServerCapabilities()?.prompts);
  }

  /** The first `limit` prompts the server lists. */
  async listPrompts(limit: number): Promise<Prompt[]> {
    const out: Prompt[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.requireClient().listPrompts(cursor ? { cursor } : {}, {
        timeout: this.timeoutMs,
      });
      out.push(...page.prompts);
      cursor = page.nextCursor;
    } while (cursor && out.length < limit);
    return out.slice(0, limit);
  }

  async getPrompt(name: string, args: Record<string, string>): Promise<GetPromptResult> {
    return this.withSignIn(() =>
      this.requireClient().getPrompt({ name, arguments: args }, { timeout: this.timeoutMs }),
    );
  }

  async readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    return this.withSignIn(
      () =>
        this.requireClient().readResource(
          { uri },
          { timeout: this.timeoutMs, ...(signal ? { signal } : {}) },
        ),
      signal,
    );
  }

  /** Tells the server its roots changed (the workspace moved). */
  async rootsChanged(): Promise<void> {
    await this.client?.sendRootsListChanged();
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client
      ?.close()
      .catch((err: unknown) => this.logger.debug(`closing MCP server ${this.name}: ${String(err)}`));
    await this.wrapped?.release();
    this.wrapped = undefined;
    if (this.tmpDir) await rm(this.tmpDir, { recursive: true, force: true });
    this.tmpDir = undefined;
  }

  /**
   * Runs a request; when the SDK sent the person to the browser (first sign-in, or step-up
   * after `insufficient_scope`), waits for the redirect, exchanges the code, and runs it again.
   * A stopped request (`signal`) stops waiting for the sign-in too.
   */
  private async withSignIn<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await run();
        } catch (err) {
          // Only a connected server can ask for a sign-in, so the SDK is loaded by then.
          const sdk = this.sdk;
          const pending = this.auth?.takePendingCode();
          if (!sdk || !pending || !(err instanceof sdk.UnauthorizedError) || attempt >= 2) throw err;
          const code = await withTimeout(
            untilAborted(pending, signal),
            SIGN_IN_TIMEOUT_MS,
            `waiting for sign-in to "${this.name}"`,
          );
          if (!(this.transport instanceof sdk.StreamableHTTPClientTransport)) throw err;
          await this.transport.finishAuth(code);
        }
      }
    } finally {
      // A step-up sign-in the provider started for this request is over, whatever its end.
      await this.auth?.endStepUp();
    }
  }

  private async newTransport(sdk: Sdk): Promise<StreamableHTTPClientTransport | StdioClientTransport> {
    if (this.config.url)
      return new sdk.StreamableHTTPClientTransport(new URL(this.config.url), {
        requestInit: { headers: this.config.headers },
        ...(this.auth ? { authProvider: this.auth, fetch: this.scopeWatchingFetch(this.auth) } : {}),
      });
    const transport = new sdk.StdioClientTransport(await this.stdioParams());
    // Keep the last lines a failing server printed, to explain the failure.
    transport.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-2000);
    });
    return transport;
  }

  /** fetch that tells the provider when the server wants a wider scope (403 insufficient_scope). */
  private scopeWatchingFetch(auth: McpOAuthProvider): typeof fetch {
    return async (input, init) => {
      const response = await fetch(input, init);
      const challenge = response.headers.get('www-authenticate') ?? '';
      if (response.status === 403 && /error="?insufficient_scope/.test(challenge))
        auth.noteInsufficientScope();
      return response;
    };
  }

  /** The server's command line, inside the sandbox when its config asks for one. */
  private async stdioParams() {
    const env = { ...inheritedEnv(), ...this.config.env };
    const base = { command: this.config.command ?? '', args: this.config.args, env, stderr: 'pipe' as const };
    if (!this.config.sandbox) return base;
    const box = this.context.sandbox;
    if (!box?.sandbox.enabled)
      throw new Error(`it asks for the sandbox (sandbox: true), but sandbox.mode is off`);
    await this.wrapped?.release();
    this.tmpDir ??= await mkdtemp(join(tmpdir(), 'caduceus-mcp-'));
    this.wrapped = await box.sandbox.wrap({
      command: [base.command, ...base.args].map(shQuote).join(' '),
      shell: '/bin/sh',
      workspace: box.workspace,
      tmpDir: this.tmpDir,
    });
    return {
      ...base,
      command: '/bin/sh',
      args: ['-c', this.wrapped.command],
      env: { ...env, ...this.wrapped.env },
    };
  }

  private get timeoutMs(): number {
    return this.config.timeout * 1000;
  }

  private requireClient(): Client {
    if (!this.client) throw new Error(`MCP server "${this.name}" is not connected`);
    return this.client;
  }
}

function progressLine(p: Progress): string {
  const amount = p.total ? `${p.progress}/${p.total}` : String(p.progress);
  return `[progress ${amount}]${p.message ? ` ${p.message}` : ''}\n`;
}

/** Stdio servers get PATH and the usual basics, not every secret in our environment. */
function inheritedEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'USER', 'LANG', 'TMPDIR', 'TEMP', 'SHELL', 'TERM', 'SystemRoot', 'APPDATA'];
  const out: Record<string, string> = {};
  for (const key of keep) {
    const value = process.env[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Error('sign-in was cancelled'));
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms / 1000}s ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
