import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportSession, type ExportFormat } from '../agent/sessions/export';
import { mergeSession, removeSessionWorktree } from '../agent/sessions/worktreeSessions';
import type { AppRoot } from '../appRoot';
import { UsageError, writeLine, type Io } from './args';

function sessionId(root: AppRoot, given: string | undefined, usage: string): string {
  if (!given) throw new UsageError(usage);
  const id = root.agent.sessions.resolveId(given);
  if (!id) throw new UsageError(`no session matches "${given}"`);
  return id;
}

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

/** `caduceus sessions list [--limit N] [--all] [--json]` */
export async function sessionsList(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { limit: { type: 'string' }, all: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  const rows = root.agent.sessions.listSessions({
    limit: values.limit ? Number(values.limit) : 50,
    includeChildren: values.all,
  });
  // What the app (or another process) says each session needs; no row is idle.
  const states = root.agent.sessions.runStates.all();
  const stated = rows.map((s) => ({ ...s, state: states.get(s.id) ?? 'idle' }));
  if (values.json) {
    writeLine(io.stdout, JSON.stringify(stated, null, 2));
    return 0;
  }
  for (const s of stated) {
    const state = s.state === 'idle' ? '' : `  [${s.state}]`;
    writeLine(
      io.stdout,
      `${s.id}  ${when(s.updatedAt)}  ${String(s.messageCount).padStart(4)} msgs  ${s.title}${state}`,
    );
  }
  if (rows.length === 0) writeLine(io.stderr, 'No sessions yet.');
  return 0;
}

/** `caduceus sessions show <id> [--json]` */
export async function sessionsShow(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { json: { type: 'boolean' } },
  });
  const id = sessionId(root, positionals[0], 'caduceus sessions show <id> [--json]');
  io.stdout.write(exportSession(root.agent.sessions, id, values.json ? 'json' : 'markdown') ?? '');
  if (values.json) writeLine(io.stdout, '');
  return 0;
}

/** `caduceus sessions search <query> [--role user|assistant|tool] [--limit N] [--json]` */
export async function sessionsSearch(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  });
  const query = positionals.join(' ');
  if (!query) throw new UsageError('caduceus sessions search <query> [--role r] [--limit N] [--json]');
  const role = values.role;
  if (role !== undefined && role !== 'user' && role !== 'assistant' && role !== 'tool') {
    throw new UsageError('--role must be user, assistant or tool');
  }
  const hits = root.agent.sessions.search(query, {
    role,
    limit: values.limit ? Number(values.limit) : 20,
  });
  if (values.json) {
    writeLine(io.stdout, JSON.stringify(hits, null, 2));
    return 0;
  }
  for (const hit of hits) {
    writeLine(io.stdout, `${hit.sessionId}  [${hit.role}]  ${hit.snippet.replace(/\s+/g, ' ')}`);
  }
  if (hits.length === 0) writeLine(io.stderr, 'No matches.');
  return 0;
}

/** `caduceus sessions export <id> [--format markdown|json] [--output FILE]` */
export async function sessionsExport(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string' }, output: { type: 'string', short: 'o' } },
  });
  const id = sessionId(
    root,
    positionals[0],
    'caduceus sessions export <id> [--format markdown|json] [--output FILE]',
  );
  const format = (values.format ?? 'markdown') as ExportFormat;
  if (format !== 'markdown' && format !== 'json') throw new UsageError('--format must be markdown or json');
  const text = exportSession(root.agent.sessions, id, format) ?? '';
  const body = text.endsWith('\n') ? text : `${text}\n`;
  if (values.output) {
    await writeFile(resolve(io.cwd, values.output), body);
    writeLine(io.stderr, `Exported ${id} to ${values.output}`);
  } else {
    io.stdout.write(body);
  }
  return 0;
}

/** `caduceus sessions rename <id> <title>` */
export async function sessionsRename(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const usage = 'caduceus sessions rename <id> <title>';
  const id = sessionId(root, positionals[0], usage);
  const title = positionals.slice(1).join(' ').trim();
  if (!title) throw new UsageError(usage);
  root.agent.sessions.renameSession(id, title);
  writeLine(io.stderr, `Renamed ${id}`);
  return 0;
}

/** `caduceus sessions delete <id> [--yes]`: `--yes` also removes a worktree holding unmerged work. */
export async function sessionsDelete(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { yes: { type: 'boolean' } },
  });
  const id = sessionId(root, positionals[0], 'caduceus sessions delete <id> [--yes]');
  const removal = await removeSessionWorktree(root.agent.sessions, id, values.yes === true);
  if (removal.status === 'needs-confirm') {
    writeLine(io.stderr, `caduceus: ${removal.reason} Run again with --yes to delete it anyway.`);
    return 1;
  }
  root.agent.sessions.deleteSession(id);
  writeLine(io.stderr, `Deleted ${id}`);
  return 0;
}

/** `caduceus sessions merge <id> [--into BRANCH] [--json]`: merges a worktree session's branch locally. */
export async function sessionsMerge(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const usage = 'caduceus sessions merge <id> [--into BRANCH] [--json]';
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { into: { type: 'string' }, json: { type: 'boolean' } },
  });
  const id = sessionId(root, positionals[0], usage);
  if (!root.agent.sessions.worktrees.get(id)) throw new UsageError(`Session ${id} has no worktree`);
  const result = await mergeSession(root.agent.sessions, id, values.into);
  if (values.json) writeLine(io.stdout, JSON.stringify(result, null, 2));
  else if (result.status === 'merged')
    writeLine(io.stderr, `Merged into ${result.into} (${result.commit.slice(0, 12)})`);
  else if (result.status === 'conflicts')
    writeLine(
      io.stderr,
      `caduceus: merging into ${result.into} conflicts in ${result.files.join(', ')}; nothing was changed`,
    );
  else writeLine(io.stderr, `caduceus: not merged into ${result.into}: ${result.reason}`);
  return result.status === 'merged' ? 0 : 1;
}
