import { createInterface } from 'node:readline';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { Elicitor } from '../mcp/clientContext';
import { formDefaults, parseFieldInput } from '../mcp/elicitation';
import type { Io } from './args';

/**
 * Asks an MCP server's form on the terminal, one field at a time with its default shown;
 * Enter keeps the default. Then [a]ccept, [d]ecline or [c]ancel; end of input cancels.
 */
export function ttyElicitor(io: Io): Elicitor {
  return async (request, signal) => {
    const rl = createInterface({ input: io.stdin, terminal: false });
    // The iterator buffers lines typed ahead, which a question() per field would drop.
    const lines = rl[Symbol.asyncIterator]();
    signal?.addEventListener('abort', () => rl.close());
    const ask = async (q: string): Promise<string> => {
      io.stderr.write(q);
      const next = await lines.next();
      if (next.done) throw new Error('end of input');
      return next.value as string;
    };
    try {
      io.stderr.write(`\n📝 MCP server "${request.server}" asks: ${request.message}\n`);
      const content = formDefaults(request.schema);
      const required = new Set(request.schema.required ?? []);
      for (const [key, field] of Object.entries(request.schema.properties)) {
        const f = field as { title?: string; description?: string; enum?: string[] };
        const shown = content[key] === undefined ? '' : ` [${String(content[key])}]`;
        const choices = f.enum ? ` (${f.enum.map((c, i) => `${i + 1}=${c}`).join(', ')})` : '';
        const label = `${f.title ?? key}${required.has(key) ? '*' : ''}${choices}${shown}: `;
        for (;;) {
          const raw = await ask(label);
          if (raw.trim() === '') break;
          const value = parseFieldInput(field, raw);
          if (value !== undefined) {
            content[key] = value;
            break;
          }
          io.stderr.write(`  not a valid ${(field as { type: string }).type}\n`);
        }
      }
      const answer = (await ask('[a]ccept [d]ecline [c]ancel: ')).trim().toLowerCase();
      if (answer === 'a' || answer === 'accept') return { action: 'accept', content } satisfies ElicitResult;
      return { action: answer === 'd' || answer === 'decline' ? 'decline' : 'cancel' };
    } catch {
      return { action: 'cancel' };
    } finally {
      rl.close();
    }
  };
}
