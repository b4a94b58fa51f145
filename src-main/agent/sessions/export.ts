import type { ChatMessage, ToolCallRecord } from '../../../src-shared/sessions';
import type { SessionStore } from './store';

export type ExportFormat = 'markdown' | 'json';

/** Everything stored about one session, as plain data. */
export function sessionExport(store: SessionStore, id: string) {
  const session = store.getSession(id);
  if (!session) return undefined;
  return {
    session,
    systemPrompt: store.systemPrompt(id),
    messages: store.messages(id),
    toolCalls: store.toolCalls(id),
    approvals: store.approvals(id),
    ledger: store.ledger.forSession(id),
    todos: store.todos(id),
    children: store.childSessions(id).map((c) => c.id),
  };
}

export function exportSession(store: SessionStore, id: string, format: ExportFormat): string | undefined {
  const data = sessionExport(store, id);
  if (!data) return undefined;
  if (format === 'json') return JSON.stringify(data, null, 2);
  const { session } = data;
  const calls = new Map<string, ToolCallRecord>(data.toolCalls.map((c) => [c.id, c]));
  const lines = [
    `# ${session.title || 'Untitled session'}`,
    '',
    `- Session: \`${session.id}\``,
    `- Created: ${new Date(session.createdAt).toISOString()}`,
  ];
  if (session.model) lines.push(`- Model: ${session.model}`);
  if (session.parentId) lines.push(`- Delegated from: \`${session.parentId}\``);
  for (const message of data.messages) lines.push('', ...renderMessage(message, calls));
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
      lines.push(`- \`${e.subject}\`: ${e.allowed ? 'allowed' : 'denied'} by ${e.decidedBy}${scope}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function fence(text: string): string[] {
  const ticks = text.includes('```') ? '````' : '```';
  return [ticks, text, ticks];
}

function renderMessage(message: ChatMessage, calls: Map<string, ToolCallRecord>): string[] {
  switch (message.role) {
    case 'system':
      return ['## System', '', ...fence(message.content ?? '')];
    case 'user':
      return ['## User', '', message.content ?? ''];
    case 'assistant': {
      const out = ['## Assistant'];
      if (message.content) out.push('', message.content);
      for (const call of message.tool_calls ?? []) {
        out.push('', `**Tool call** \`${call.function.name}\``, '', ...fence(call.function.arguments));
      }
      return out;
    }
    case 'tool': {
      const record = message.tool_call_id ? calls.get(message.tool_call_id) : undefined;
      const label = record ? `${record.name}, ${record.status}` : 'tool';
      return [`### Result (${label})`, '', ...fence(message.content ?? '')];
    }
  }
}
