import type { SessionStore } from '../sessions/store';
import type { ToolHandler } from '../../runtime/types';

/** Full-text search over earlier sessions; the asking session is left out. */
export function sessionSearchTool(store: () => SessionStore): ToolHandler {
  return (args, ctx) => {
    const role =
      args.role === 'user' || args.role === 'assistant' || args.role === 'tool' ? args.role : undefined;
    const limit = typeof args.limit === 'number' ? args.limit : 10;
    const hits = store().search(String(args.query), { role, limit, excludeSessionId: ctx.sessionId });
    return {
      query: args.query,
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
