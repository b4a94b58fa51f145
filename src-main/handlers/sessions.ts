import type {
  ChatMessage as ViewMessage,
  SessionDetail,
  SessionSummary as ViewSummary,
  ToolOutputPage,
} from '../../src-shared/ipc/chatSchemas';
import type { SessionSummary } from '../../src-shared/sessions';
import { exportSession } from '../agent/sessions/export';
import { worktreeView } from '../agent/sessions/worktreeSessions';
import { storedToolCallCards } from '../agent/toolCards';
import type { ListCursor, SessionStore } from '../agent/sessions/store';
import { ContractError } from '../contract/router';
import { cleanSnippet } from './snippets';
import type { TranscriptCache } from './transcriptCache';

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

/** A page of the sidebar's list when the window names no size. */
const SESSIONS_PAGE = 50;
/** Sessions a search shows at most: the best matches, not a page of them. */
const SEARCH_SESSIONS = 50;

/**
 * Sessions for the sidebar: newest first a page at a time (`after` the last one shown), or the
 * best full-text matches with a snippet each.
 */
export function listSessionViews(store: SessionStore, request: ListRequest = {}): ViewSummary[] {
  const { query, limit = SESSIONS_PAGE, after } = request;
  if (!query?.trim())
    return store.listSessions({ limit, ...(after ? { after } : {}) }).map((s) => summary(s));
  return store.searchSessions(query, Math.min(limit, SEARCH_SESSIONS)).flatMap((hit) => {
    const session = store.getSession(hit.sessionId);
    return session ? [summary(session, cleanSnippet(hit.snippet))] : [];
  });
}

interface ListRequest {
  query?: string | undefined;
  limit?: number | undefined;
  after?: ListCursor | undefined;
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
  cache?: { transcripts: TranscriptCache; toolsGeneration: number },
): SessionDetail {
  const session = store.getSession(id);
  if (!session) throw new ContractError('unknown_session', `No session "${id}"`);
  const build = () => transcript(store, session, emojiOf, iconOf);
  const messages = cache ? cache.transcripts.read(store, id, cache.toolsGeneration, build) : build();
  const turns = store.usage.turns(id);
  const last = turns.at(-1);
  const usage = last ? { turn: last.usage, session: store.usage.session(id) } : undefined;
  const worktree = worktreeView(store, id);
  return { ...summary(session), messages, ...(usage ? { usage } : {}), ...(worktree ? { worktree } : {}) };
}

/** The session's messages as the chat shows them, each with its calls' cards. */
function transcript(
  store: SessionStore,
  session: SessionSummary,
  emojiOf: (tool: string) => string,
  iconOf?: (tool: string) => string | undefined,
): ViewMessage[] {
  const { id } = session;
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
  return messages;
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

/** Find-in-session over the whole stored session, tool output included. */
export function findInSessionView(store: SessionStore, id: string, query: string, limit?: number) {
  if (!store.getSession(id)) throw new ContractError('unknown_session', `No session "${id}"`);
  return store.find(id, query, limit === undefined ? {} : { limit });
}
