import type { SessionStore } from '../sessions/store';
import type { ToolContext } from '../../runtime/types';
import type { SessionSearchArgs } from '../../tools/agentLoopArgs';

/** Full-text search over earlier sessions; the asking session is left out. */
export function sessionSearchTool(store: () => SessionStore) {
  return (args: SessionSearchArgs, ctx: ToolContext) => {
    const { query, role, limit = 10 } = args;
    const hits = store().search(query, { role, limit, excludeSessionId: ctx.sessionId });
    return {
      query,
      count: hits.length,
      results: hits.map((h) => ({
        session_id: h.sessionId,
        title: h.title,
        role: h.role,
        snippet: h.snippet,
        date: new Date(h.createdAt).toISOString(),
      })),
    };
  };
}
