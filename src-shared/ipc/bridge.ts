import type { EventName, EventPayload, Reply, RequestInput, RequestName, RequestOutput } from './contract';

/** 'toolsets.setEnabled' → 'toolsetsSetEnabled'. */
type Camel<S extends string> = S extends `${infer Head}.${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

export type InvokeApi = {
  [N in RequestName as Camel<N>]: (input: RequestInput<N>) => Promise<Reply<RequestOutput<N>>>;
};

export type EventsApi = {
  [N in EventName as `on${Capitalize<Camel<N>>}`]: (
    listener: (payload: EventPayload<N>) => void,
  ) => () => void;
};

/** What the preload exposes as `window.caduceus`, and what the WebSocket client provides too. */
export type CaduceusBridge = InvokeApi & EventsApi;

export function requestMethodName(name: string): string {
  return name.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
}

export function eventMethodName(name: string): string {
  const camel = requestMethodName(name);
  return `on${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}
