// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useChat } from '../chat/chatStore';
import { sessionFromUrl, startSessionUrlSync } from './sessionUrl';

let stop: () => void;
const frames: FrameRequestCallback[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  history.replaceState(null, '', '/');
  useChat.setState({ sessionId: undefined });
  stop = startSessionUrlSync();
});

afterEach(() => {
  stop();
  frames.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('names the opened session in the address once the frame that shows it is painted', () => {
  useChat.setState({ sessionId: 's1' });
  useChat.setState({ sessionId: 's2' });
  expect(sessionFromUrl()).toBeUndefined();
  expect(frames).toHaveLength(1);
  frames.shift()?.(0);
  vi.runAllTimers();
  expect(sessionFromUrl()).toBe('s2');
});

it('names it at once while the page is hidden, as it draws no frames', () => {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  useChat.setState({ sessionId: 's3' });
  expect(sessionFromUrl()).toBe('s3');
  expect(frames).toHaveLength(0);
});
