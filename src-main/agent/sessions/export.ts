import type { ExportFormat, ToolCallView } from '../../../src-shared/ipc/chatSchemas';
import type { ChatMessage } from '../../../src-shared/sessions';
import { ledgerSubjectText } from '../../../src-shared/approvalsLedger';
import { fileDiffSummary } from '../../../src-shared/diffText';
import { failedExit, toolCallLabel } from '../../../src-shared/toolCallLabel';
import { usageText } from '../../../src-shared/usageText';
import { storedToolCallViews } from '../toolCards';
import type { SessionStore } from './store';
import { worktreeView } from './worktreeSessions';

export type { ExportFormat };

/** Everything stored about one session, as plain data. */
export function sessionExport(store: SessionStore, id: string) {
  const session = store.getSession(id);
  if (!session) return undefined;
  return {
    session,
    systemPrompt: store.systemPrompt(id),
    messages: store.messages(id),
    toolCalls: store.toolCalls(id),
    /** Each tool call as its card shows it: status, refusal, exit code, output. */
    cards: [...storedToolCallViews(store, id).values()],
    approvals: store.approvals(id),
    ledger: store.ledger.forSession(id),
    todos: store.todos(id),
    children: store.childSessions(id).map((c) => c.id),
    /** The git worktree the session works in: `{path, branch, base}`, or null. */
    worktree: worktreeView(store, id),
    /** Tokens and cost per turn (oldest first) and for the whole session. */
    usage: { turns: store.usage.turns(id), session: store.usage.session(id) },
  };
}

export function exportSession(store: SessionStore, id: string, format: ExportFormat): string | undefined {
  const data = sessionExport(store, id);
  if (!data) return undefined;
  if (format === 'json') return JSON.stringify(data, null, 2);
  const { session } = data;
  const calls = new Map(data.cards.map((c) => [c.id, c]));
  const lines = [
    `# ${session.title || 'Untitled session'}`,
    '',
    `- Session: \`${session.id}\``,
    `- Created: ${new Date(session.createdAt).toISOString()}`,
  ];
  if (session.model) lines.push(`- Model: ${session.model}`);
  if (session.parentId) lines.push(`- Delegated from: \`${session.parentId}\``);
  if (data.worktree)
    lines.push(`- Worktree: \`${data.worktree.path}\` (${data.worktree.branch}, from ${data.worktree.base})`);
  for (const message of data.messages) lines.push('', ...renderMessage(message, calls));
  if (data.usage.turns.length > 0) {
    lines.push('', '## Usage', '');
    data.usage.turns.forEach((t, i) => lines.push(`- Turn ${i + 1}: ${usageText(t.usage)}`));
    lines.push(`- Session: ${usageText(data.usage.session)}`);
  }
  if (data.approvals.length > 0) {
    lines.push('', '## Approvals', '');
    for (const a of data.approvals) {
      lines.push(
        `- \`${a.command}\`: ${a.decision ?? 'unanswered'}${a.decidedBy ? ` (${a.decidedBy})` : ''}`,
      );
    }
  }
  if (data.ledger.length > 0) {
    lines.push('', '## Approval decisions', '');
    for (const e of data.ledger) {
      const scope = e.scope
        ? `, ${e.scope}${e.expiresAt ? ` until ${new Date(e.expiresAt).toISOString()}` : ''}`
        : '';
      lines.push(
        `- \`${ledgerSubjectText(e)}\`: ${e.allowed ? 'allowed' : 'denied'} by ${e.decidedBy}${scope}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function fence(text: string, lang = ''): string[] {
  const ticks = text.includes('```') ? '````' : '```';
  return [`${ticks}${lang}`, text, ticks];
}

/**
 * A tool's JSON arguments or result, readable: multi-line and long strings (a command's output,
 * a written file) each get a block of their own as text, the rest stays JSON, indented. Text
 * that is not a JSON object is fenced as it is.
 */
function jsonBlocks(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fence(text);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fence(text);
  const rest: Record<string, unknown> = {};
  const blocks: string[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string' && (value.includes('\n') || value.length > 120)) {
      blocks.push('', `\`${key}\`:`, '', ...fence(value));
    } else {
      rest[key] = value;
    }
  }
  const head = Object.keys(rest).length > 0 ? fence(JSON.stringify(rest, null, 2), 'json') : [];
  return [...head, ...(head.length > 0 ? blocks : blocks.slice(1))];
}

/** A card's state in the words the card shows: `Failed · exit 3`, `Denied`. */
function stateOf(card: ToolCallView): string {
  return `${toolCallLabel(card)}${failedExit(card) ? ` · exit ${card.exitCode}` : ''}`;
}

/** A refusal as the card words it, quoted. */
function refusalLines(card: ToolCallView): string[] {
  const r = card.refusal;
  if (!r) return [];
  const lines = [`**${r.title}**`, r.reason];
  if (r.rule) lines.push(`Rule: ${r.rule}`);
  if (r.note) lines.push(`Your note to the agent: “${r.note}”`);
  if (r.decidedBy) lines.push(`Decided by: ${r.decidedBy}`);
  lines.push(r.advice);
  return ['', ...lines.map((l) => `> ${l}`)];
}

/** What a file write changed: its diff, or why none is shown. */
function diffLines(card: ToolCallView): string[] {
  const d = card.fileDiff;
  if (!d) return [];
  return [
    '',
    `Changes: ${fileDiffSummary(d)}`,
    ...(d.diff ? ['', ...fence(d.diff.replace(/\n$/, ''), 'diff')] : []),
  ];
}

function renderMessage(message: ChatMessage, calls: Map<string, ToolCallView>): string[] {
  switch (message.role) {
    case 'system':
      return ['## System', '', ...fence(message.content ?? '')];
    case 'user':
      return ['## User', '', message.content ?? ''];
    case 'assistant': {
      const out = ['## Assistant'];
      if (message.content) out.push('', message.content);
      for (const call of message.tool_calls ?? []) {
        const card = calls.get(call.id);
        const state = card ? `: ${stateOf(card)}` : '';
        out.push(
          '',
          `**Tool call** \`${call.function.name}\` (${call.id})${state}`,
          '',
          ...jsonBlocks(call.function.arguments),
        );
        if (card) out.push(...refusalLines(card), ...diffLines(card));
      }
      return out;
    }
    case 'tool': {
      const record = message.tool_call_id ? calls.get(message.tool_call_id) : undefined;
      const label = record ? `${record.name}: ${stateOf(record)}` : 'tool';
      return [`### Result (${label})`, '', ...jsonBlocks(message.content ?? '')];
    }
  }
}
