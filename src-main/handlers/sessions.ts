import type {
  ChatMessage as ViewMessage,
  SessionDetail,
  SessionSummary as ViewSummary,
} from '../../src-shared/ipc/chatSchemas';
import type { SessionSummary } from '../../src-shared/sessions';
import { exportSession } from '../agent/sessions/export';
import { worktreeView } from '../agent/sessions/worktreeSessions';
import { storedToolCallCards } from '../agent/toolCards';
import type { SessionStore } from '../agent/sessions/store';
import type { ToolOutputPage } from '../agent/sessions/toolOutputsTable';
import { ContractError } from '../contract/router';
import { cleanSnippet } from './snippets';

function summary(s: SessionSummary, snippet?: string): ViewSummary {
  return {
    id: s.id,
    title: s.title || 'Untitled session',
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

/**
 * A stored session as the chat shows it: tool results fold into their calls' cards, long ones
 * left in the database until a card is opened (`toolOutputPage`).
 */
export function sessionDetail(
  store: SessionStore,
  id: string,
  emojiOf: (tool: string) => string,
  iconOf?: (tool: string) => string | undefined,
): SessionDetail {
  const session = store.getSession(id);
  if (!session) throw new ContractError('unknown_session', `No session "${id}"`);
  const stored = store.messages(id, { toolContent: false });
  const cards = storedToolCallCards(store, id, stored, emojiOf, iconOf);
  const messages: ViewMessage[] = [];
  stored.forEach((m, index) => {
    if (m.role === 'system' || m.role === 'tool') return;
    const toolCalls = (m.tool_calls ?? []).flatMap((call) => cards.get(call.id) ?? []);
    messages.push({
      id: `${id}:${index}`,
      role: m.role,
      content: m.content ?? '',
      toolCalls,
      createdAt: session.createdAt,
    });
  });
  const turns = store.usage.turns(id);
  const last = turns.at(-1);
  const usage = last ? { turn: last.usage, session: store.usage.session(id) } : undefined;
  const worktree = worktreeView(store, id);
  return { ...summary(session), messages, ...(usage ? { usage } : {}), ...(worktree ? { worktree } : {}) };
}

/** A page of a stored call's output, for a card opened in the transcript. */
export function toolOutputPage(
  store: SessionStore,
  input: { sessionId: string; callId: string; offset: number; limit: number },
): ToolOutputPage {
  const page = store.toolOutputs.page(input.sessionId, input.callId, input.offset, input.limit);
  if (!page) throw new ContractError('unknown_tool_call', `No tool call "${input.callId}" in that session`);
  return page;
}

export function exportSessionFile(store: SessionStore, id: string, format: 'markdown' | 'json') {
  const content = exportSession(store, id, format);
  if (content === undefined) throw new ContractError('unknown_session', `No session "${id}"`);
  return { filename: `caduceus-${id}.${format === 'json' ? 'json' : 'md'}`, content };
}
