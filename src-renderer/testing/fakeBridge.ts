import { eventMethodName, requestMethodName, type CaduceusBridge } from '../../src-shared/ipc/bridge';
import { EVENT_NAMES, REQUEST_NAMES } from '../../src-shared/ipc/names';
import {
  type EventName,
  type EventPayload,
  type RequestName,
  type RequestOutput,
  type Reply,
} from '../../src-shared/ipc/contract';

type Handlers = { [N in RequestName]?: (input: unknown) => RequestOutput<N> };

export interface FakeBridge {
  bridge: CaduceusBridge;
  calls: { name: RequestName; input: unknown }[];
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
}

/**
 * A bridge for store and component tests: records every request, answers from `handlers`
 * (an unknown request fails as main's router would) and lets the test raise events.
 */
export function createFakeBridge(handlers: Handlers = {}): FakeBridge {
  const calls: FakeBridge['calls'] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api: Record<string, unknown> = {};
  for (const name of REQUEST_NAMES) {
    api[requestMethodName(name)] = async (input: unknown): Promise<Reply<unknown>> => {
      calls.push({ name, input });
      const handler = handlers[name] as ((input: unknown) => unknown) | undefined;
      if (!handler)
        return { ok: false, error: { code: 'unknown_request', message: `No handler for ${name}` } };
      return { ok: true, value: handler(input) };
    };
  }
  for (const name of EVENT_NAMES) {
    api[eventMethodName(name)] = (listener: (payload: unknown) => void) => {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => void set.delete(listener);
    };
  }
  return {
    bridge: api as CaduceusBridge,
    calls,
    emit: (name, payload) => listeners.get(name)?.forEach((l) => l(payload)),
  };
}
