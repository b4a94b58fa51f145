import type {
  ChatMessage as ViewMessage,
  SessionDetail,
  SessionSummary as ViewSummary,
  ToolCallView,
} from '../../src-shared/ipc/chatSchemas';
import type { SessionSummary } from '../../src-shared/sessions';
import { exportSession } from '../agent/sessions/export';
import type { SessionStore } from '../agent/sessions/store';
import { stripMarkdown } from '../agent/sessions/title';
import { ContractError } from '../contract/router';
import { cleanSnippet } from './snippets';
import { toolCallView } from './toolCards';

function summary(s: SessionSummary, snippet?: string): ViewSummary {
  return {
    id: s.id,
    // Titles stored before they were made plain text lose their Markdown here.
    title: stripMarkdown(s.title) || 'Untitled session',
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    messageCount: s.messageCount,
    ...(s.workspace ? { workspace: s.workspace } : {}),
    ...(snippet ? { snippet } : {}),
  };
}

/** Sessions for the sidebar: newest first, or full-text matches with a snippet each. */
export function listSessionViews(store: SessionStore, query?: string): ViewSummary[] {
  if (!query?.trim()) return store.listSessions({ limit: 200 }).map((s) => summary(s));
  const out = new Map<string, ViewSummary>();
  for (const hit of store.search(query, { limit: 50 })) {
    const session = store.getSession(hit.sessionId);
    if (session && !session.parentId && !out.has(session.id))
      out.set(session.id, summary(session, cleanSnippet(hit.snippet)));
  }
  return [...out.values()];
}

/** A stored session as the chat shows it: tool results fold into their calls' cards. */
export function sessionDetail(
  store: SessionStore,
  id: string,
  emojiOf: (tool: string) => string,
): SessionDetail {
  const session = store.getSession(id);
  if (!session) throw new ContractError('unknown_session', `No session "${id}"`);
  const records = new Map(store.toolCalls(id).map((c) => [c.id, c]));
  const messages: ViewMessage[] = [];
  store.messages(id).forEach((m, index) => {
    if (m.role === 'system' || m.role === 'tool') return;
    const toolCalls: ToolCallView[] = (m.tool_calls ?? []).map((call) => {
      const record = records.get(call.id);
      return toolCallView({
        id: call.id,
        name: call.function.name,
        emoji: emojiOf(call.function.name),
        args: call.function.arguments,
        taskId: id,
        // A call with no record never finished: the app stopped under it.
        run: record?.status ?? 'cancelled',
        startedAt: record?.startedAt ?? session.createdAt,
        ...(record?.durationMs != null ? { durationMs: record.durationMs } : {}),
        ...(record?.result != null ? { result: record.result } : {}),
        ...(record?.batch ? { batch: record.batch } : {}),
      });
    });
    messages.push({
      id: `${id}:${index}`,
      role: m.role,
      content: m.content ?? '',
      toolCalls,
      createdAt: session.createdAt,
    });
  });
  return { ...summary(session), messages };
}

export function exportSessionFile(store: SessionStore, id: string, format: 'markdown' | 'json') {
  const content = exportSession(store, id, format);
  if (content === undefined) throw new ContractError('unknown_session', `No session "${id}"`);
  return { filename: `caduceus-${id}.${format === 'json' ? 'json' : 'md'}`, content };
}
