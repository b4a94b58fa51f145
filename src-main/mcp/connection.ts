import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../config/schema';
import type { Sandbox, WrappedCommand } from '../sandbox/sandbox';
import { shQuote } from '../terminal/shellScript';
import type { Logger } from '../runtime/types';
import type { McpCallResult } from './toolResult';

/** Where a stdio server with `sandbox: true` runs: the command sandbox, writing only `workspace`. */
export interface McpSandbox {
  sandbox: Sandbox;
  workspace: string;
}

/** One live connection to an MCP server over stdio or Streamable HTTP. */
export class McpConnection {
  private client: Client | undefined;
  private stderrTail = '';
  private wrapped: WrappedCommand | undefined;
  private tmpDir: string | undefined;

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly logger: Logger,
    private readonly sandbox?: McpSandbox,
  ) {}

  async connect(onToolsChanged: () => void): Promise<void> {
    // The SDK loads with the first server, so a config without MCP servers never parses it.
    const [
      { Client },
      { StdioClientTransport },
      { StreamableHTTPClientTransport },
      { ToolListChangedNotificationSchema },
    ] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ]);
    const client = new Client({ name: 'caduceus', version: '0.1.0' }, { capabilities: {} });
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => onToolsChanged());
    const transport = this.config.url
      ? new StreamableHTTPClientTransport(new URL(this.config.url), {
          requestInit: { headers: this.config.headers },
        })
      : new StdioClientTransport(await this.stdioParams());
    if (transport instanceof StdioClientTransport) {
      // Keep the last lines a failing server printed, to explain the failure.
      transport.stderr?.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString()).slice(-2000);
      });
    }
    try {
      await withTimeout(client.connect(transport), this.timeoutMs, `connecting to MCP server "${this.name}"`);
    } catch (err) {
      await client.close().catch(() => undefined);
      const tail = this.stderrTail.trim();
      const said = tail ? ` (server said: ${tail.split('\n').slice(-3).join(' | ')})` : '';
      throw new Error(`${(err as Error).message}${said}`, { cause: err });
    }
    this.client = client;
  }

  async listTools(): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.requireClient().listTools(cursor ? { cursor } : {}, {
        timeout: this.timeoutMs,
      });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }

  async callTool(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpCallResult> {
    const options = signal ? { timeout: this.timeoutMs, signal } : { timeout: this.timeoutMs };
    return (await this.requireClient().callTool(
      { name: tool, arguments: args },
      undefined,
      options,
    )) as McpCallResult;
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

  /** The server's command line, inside the sandbox when its config asks for one. */
  private async stdioParams() {
    const env = { ...inheritedEnv(), ...this.config.env };
    const base = { command: this.config.command ?? '', args: this.config.args, env, stderr: 'pipe' as const };
    if (!this.config.sandbox) return base;
    const box = this.sandbox;
    if (!box?.sandbox.enabled)
      throw new Error(`it asks for the sandbox (sandbox: true), but sandbox.mode is off`);
    this.tmpDir = await mkdtemp(join(tmpdir(), 'caduceus-mcp-'));
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
