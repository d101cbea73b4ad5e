import { useEffect, useRef } from 'react';

/** A push of the console's socket other than the unread count: `type` names it (`fwTask`: a task changed). */
export interface PushEvent {
  type: string;
  [key: string]: unknown;
}

type Listener = (event: PushEvent) => void;
const listeners = new Map<string, Set<Listener>>();

/** Hands a push to the pages listening for its type (the socket, `useUnreadNews`, calls it). */
export function emitPush(event: PushEvent): void {
  for (const listener of listeners.get(event.type) ?? []) listener(event);
}

/** Listens for pushes of one type while mounted (a live page reads again when its object changed). */
export function subscribePush(type: string, listener: Listener): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(type, set);
  return () => {
    set.delete(listener);
  };
}

export function usePushEvent(type: string, handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribePush(type, (event) => latest.current(event)), [type]);
}
