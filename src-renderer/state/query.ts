import { useEffect } from 'react';
import { create } from 'zustand';
import type { EventName, EventPayload } from '../../src-shared/ipc/contract';
import { errorMessage, onConnectionOpen, onEvent, useConnection } from '../api/client';
import { reportError } from './noticesStore';

/**
 * Server data, loaded and kept fresh in one way: a query names what it reads, where the result
 * goes (its feature's store) and which contract events make it stale. While it is kept (for the
 * app's life, or while a component shows it) those events reload it, and so does each reconnect.
 */
export type QueryStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface QueryState {
  status: QueryStatus;
  /** Why the last load failed; it was reported as a notice too. */
  error: string | undefined;
}

type Trigger<N extends EventName> = N | { event: N; when(payload: EventPayload<N>): boolean };
/** A contract event after which the data is stale; `when` narrows it to some payloads. */
export type Invalidation = { [N in EventName]: Trigger<N> }[EventName];
/** Events whose payload changes the data in place, without a reload. */
export type Updates = { [N in EventName]?: (payload: EventPayload<N>) => void };

export interface QuerySpec<T> {
  /** Names the data: `invalidate(key)` reloads it, `useQueryState(key)` shows how its load went. */
  key: string;
  fetch(): Promise<T>;
  /** Puts a loaded result in the owning feature's store. */
  received(data: T): void;
  /** What a failed load reports, e.g. 'Could not load the allowlist'. */
  failure: string;
  invalidatedBy?: readonly Invalidation[];
  updatedBy?: Updates;
  /** Kept from `startQueries` on: loaded on every connect, its events followed all along. */
  live?: boolean;
}

export interface Query<T> {
  readonly key: string;
  /** Loads now. Only the newest load's result is kept; a failure is reported and gives undefined. */
  load(): Promise<T | undefined>;
  /** Follows the query's events until the returned release is called (counted). */
  keep(): () => void;
  readonly kept: boolean;
}

const IDLE: QueryState = { status: 'idle', error: undefined };

/** How each query's last load went, by key. */
export const useQueries = create<Record<string, QueryState>>(() => ({}));

const registry = new Map<string, Query<unknown> & { live: boolean }>();
let started = false;
/** Releases of the live queries, kept from startQueries until its stop. */
const liveReleases: (() => void)[] = [];

function setState(key: string, state: QueryState): void {
  useQueries.setState({ [key]: state });
}

function follow(spec: QuerySpec<unknown>, reload: () => void): (() => void)[] {
  const offs = (spec.invalidatedBy ?? []).map((trigger) => {
    if (typeof trigger === 'string') return onEvent(trigger, reload);
    const { event, when } = trigger as { event: EventName; when(payload: unknown): boolean };
    return onEvent(event, (payload) => {
      if (when(payload)) reload();
    });
  });
  for (const [event, apply] of Object.entries(spec.updatedBy ?? {}))
    offs.push(onEvent(event as EventName, apply as (payload: unknown) => void));
  return offs;
}

export function defineQuery<T>(spec: QuerySpec<T>): Query<T> {
  let generation = 0;
  let keepers = 0;
  let offs: (() => void)[] = [];
  const query = {
    key: spec.key,
    live: spec.live ?? false,
    get kept() {
      return keepers > 0;
    },
    async load() {
      const mine = ++generation;
      setState(spec.key, { status: 'loading', error: undefined });
      try {
        const data = await spec.fetch();
        // A slower answer to an older load must not overwrite a newer one.
        if (mine === generation) {
          spec.received(data);
          setState(spec.key, { status: 'ready', error: undefined });
        }
        return data;
      } catch (err) {
        if (mine === generation) setState(spec.key, { status: 'error', error: errorMessage(err) });
        reportError(spec.failure, err);
        return undefined;
      }
    },
    keep() {
      if (keepers++ === 0) offs = follow(spec as QuerySpec<unknown>, () => void query.load());
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--keepers === 0) offs.splice(0).forEach((off) => off());
      };
    },
  };
  // A module loaded again (hot reload) replaces its queries.
  registry.set(spec.key, query as Query<unknown> & { live: boolean });
  if (started && query.live) {
    liveReleases.push(query.keep());
    if (useConnection.getState().state.status === 'open') void query.load();
  }
  return query;
}

/** The data under these keys is stale: each one kept is loaded again. */
export async function invalidate(...keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => {
      const query = registry.get(key);
      return query?.kept ? query.load() : undefined;
    }),
  );
}

/**
 * Keeps every live query and loads every kept one on each connect (the first, and after a
 * reconnect, when events may have been missed). Returns the stop.
 */
export function startQueries(): () => void {
  started = true;
  for (const query of registry.values()) if (query.live) liveReleases.push(query.keep());
  const offOpen = onConnectionOpen(() => {
    for (const query of registry.values()) if (query.kept) void query.load();
  });
  return () => {
    started = false;
    offOpen();
    liveReleases.splice(0).forEach((release) => release());
  };
}

export function useQueryState(key: string): QueryState {
  return useQueries((s) => s[key] ?? IDLE);
}

/** Loads the query when the component mounts and follows its events while it is shown. */
export function useKeptQuery(query: Query<unknown>): void {
  useEffect(() => {
    const release = query.keep();
    void query.load();
    return release;
  }, [query]);
}
