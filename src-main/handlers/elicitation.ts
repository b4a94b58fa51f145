import { randomUUID } from 'node:crypto';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { RequestInput } from '../../src-shared/ipc/contract';
import type { ElicitationField, ElicitationRequestView } from '../../src-shared/ipc/schemas';
import type { EventBus } from '../contract/eventBus';
import { ContractError } from '../contract/router';
import type { ElicitationRequest, Elicitor } from '../mcp/clientContext';

/** A form nobody answers in this long is cancelled, so the server's call can end. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

/** The form's fields as the UI draws them; an unsupported field type counts as text. */
export function formFields(schema: ElicitationRequest['schema']): ElicitationField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, raw]) => {
    const p = raw as Record<string, unknown>;
    const type = ['number', 'integer', 'boolean'].includes(String(p.type))
      ? (p.type as ElicitationField['type'])
      : 'string';
    const choices = Array.isArray(p.enum)
      ? p.enum.map(String)
      : Array.isArray(p.oneOf)
        ? (p.oneOf as { const: unknown }[]).map((o) => String(o.const))
        : undefined;
    const value = p.default;
    return {
      name,
      type,
      required: required.has(name),
      ...(typeof p.title === 'string' ? { title: p.title } : {}),
      ...(typeof p.description === 'string' ? { description: p.description } : {}),
      ...(['string', 'number', 'boolean'].includes(typeof value)
        ? { default: value as string | number | boolean }
        : {}),
      ...(choices ? { choices } : {}),
    };
  });
}

/** Forms from MCP servers, shown in the UI like the agent's questions, answered by a person. */
export class ElicitationBroker {
  private readonly pending = new Map<
    string,
    { view: ElicitationRequestView; done: (r: ElicitResult) => void }
  >();

  constructor(private readonly events: EventBus) {}

  readonly elicit: Elicitor = (request, signal) =>
    new Promise<ElicitResult>((resolve) => {
      const id = randomUUID();
      const view = {
        id,
        server: request.server,
        message: request.message,
        fields: formFields(request.schema),
      };
      const timer = setTimeout(() => done({ action: 'cancel' }), ANSWER_TIMEOUT_MS);
      const onAbort = () => done({ action: 'cancel' });
      const done = (result: ElicitResult) => {
        if (!this.pending.delete(id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.events.emit('mcp.elicitationResolved', { id });
        resolve(result);
      };
      this.pending.set(id, { view, done });
      signal?.addEventListener('abort', onAbort);
      this.events.emit('mcp.elicitation', view);
    });

  list(): ElicitationRequestView[] {
    return [...this.pending.values()].map((p) => p.view);
  }

  respond(answer: RequestInput<'mcp.answerElicitation'>): void {
    const entry = this.pending.get(answer.id);
    if (!entry) throw new ContractError('unknown_elicitation', 'That form was already answered or withdrawn');
    entry.done(
      answer.action === 'accept'
        ? { action: 'accept', content: answer.content ?? {} }
        : { action: answer.action },
    );
  }

  closeAll(): void {
    for (const entry of this.pending.values()) entry.done({ action: 'cancel' });
  }
}
