import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { McpServerSchema } from '../config/schema';
import { ContractError } from '../contract/router';
import type { McpManager } from '../mcp/manager';
import { acceptHostKey, HostKeyError, type HostKeyInfo } from '../terminal/backends/knownHosts';
import { SshConnection } from '../terminal/backends/sshConnection';
import { SshConfigSchema } from '../../src-shared/backends/list';
import { backendInfo } from '../../src-shared/backends/registry';
import { TerminalConfigSchema } from '../config/terminalSchema';

/** The first problem of a zod parse, as `where: what`. */
function firstIssue(prefix: string, issues: { path: PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  const where = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  return `${where}: ${issue?.message ?? 'invalid'}`;
}

/**
 * Refuses a terminal change that would leave the chosen backend unusable (one whose block has no
 * defaults, as SSH's, chosen without it), so a bad value never reaches config.yaml.
 */
export function checkTerminalChange(current: Record<string, unknown>, change: Record<string, unknown>): void {
  const merged = { ...current, ...change };
  const parsed = TerminalConfigSchema.safeParse(merged);
  if (!parsed.success)
    throw new ContractError('invalid_settings', firstIssue('terminal', parsed.error.issues));
  const { backend } = parsed.data;
  if (parsed.data[backend] === undefined) {
    const info = backendInfo(backend);
    const needed = (info.fields ?? []).filter((f) => f.required).map((f) => f.label.toLowerCase());
    throw new ContractError(
      'invalid_settings',
      `terminal.${backend}: set the ${needed.join(' and ')} before choosing ${info.label}`,
    );
  }
}

/** Host keys a test was offered, by id: only a key the server really presented can be accepted. */
const offered = new Map<string, { info: HostKeyInfo; knownHostsPath: string }>();

export interface SshTestResult {
  ok: boolean;
  message: string;
  hostKey?: { id: string; status: string; keyType: string; fingerprint: string; host: string; port: number };
}

/** Connects once with the given SSH options, reporting the exact failure or the unknown host key. */
export async function testSsh(raw: unknown): Promise<SshTestResult> {
  const parsed = SshConfigSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: firstIssue('ssh', parsed.error.issues) };
  const config = parsed.data;
  const connection = new SshConnection(config);
  try {
    await connection.get({ retry: false });
    return { ok: true, message: `Connected to ${config.username}@${config.host}:${config.port}` };
  } catch (err) {
    if (err instanceof HostKeyError) {
      const id = randomUUID();
      // Accepting appends to the file, so only a known_hosts file may be named (never ~/.bashrc).
      if (err.status === 'unknown' && /^known_hosts/.test(basename(config.knownHostsPath)))
        offered.set(id, { info: err.hostKey, knownHostsPath: config.knownHostsPath });
      const { keyType, fingerprint, host, port } = err.hostKey;
      return {
        ok: false,
        message: err.message,
        hostKey: { id, status: err.status, keyType, fingerprint, host, port },
      };
    }
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  } finally {
    connection.end();
  }
}

/** Trusts a host key an SSH test was offered (unknown ones only, never a changed key). */
export async function acceptOfferedHostKey(id: string): Promise<void> {
  const entry = offered.get(id);
  if (!entry)
    throw new ContractError('unknown_host_key', 'That host key was not offered by a test; test again.');
  offered.delete(id);
  await acceptHostKey(entry.knownHostsPath, entry.info);
}

/** Starts an MCP server with this config, lists its tools and stops it. */
export async function testMcpServer(
  manager: McpManager,
  name: string,
  raw: Record<string, unknown>,
): Promise<{ ok: boolean; tools: string[]; error?: string }> {
  const parsed = McpServerSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, tools: [], error: firstIssue('', parsed.error.issues) };
  try {
    return { ok: true, ...(await manager.probe(name, parsed.data)) };
  } catch (err) {
    return { ok: false, tools: [], error: err instanceof Error ? err.message : String(err) };
  }
}
