import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { listenLive, useLiveEvents } from '../../src/data/live';
import { makeToken, settle, storeSession } from './support';

/** The PWA's end of live updates (src/data/live.ts): one stream per tab, read with fetch and the session's token. */

interface OpenedStream {
  url: string;
  authorization: string | null;
  signal: AbortSignal;
  send(text: string): void;
}

let opened: OpenedStream[];
let online: boolean;

beforeEach(() => {
  opened = [];
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 3600), userId: 1 });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const signal = init.signal!;
    signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    opened.push({ url, authorization: new Headers(init.headers).get('authorization'), signal, send: (text) => controller.enqueue(new TextEncoder().encode(text)) });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('live events in the PWA', () => {
  it('gives every listener each event over one stream opened with the JWT header', async () => {
    const heard: string[] = [];
    const stopA = listenLive((channel, data) => heard.push(`a ${channel} ${JSON.stringify(data)}`));
    const stopB = listenLive((channel, data) => heard.push(`b ${channel} ${JSON.stringify(data)}`));
    await settle();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.url).toBe('/api/v1/live/');
    expect(opened[0]!.authorization).toBe(`JWT ${localStorage.getItem('access')}`);
    opened[0]!.send(': connected\n\nid: 1\nevent: files\ndata: {"id":4}\n\n');
    await settle();
    expect(heard).toEqual(['a files {"id":4}', 'b files {"id":4}']);
    stopA();
    stopB();
  });

  it('closes the stream when the last listener leaves', async () => {
    const stopA = listenLive(() => undefined);
    const stopB = listenLive(() => undefined);
    await settle();
    stopA();
    expect(opened[0]!.signal.aborted).toBe(false);
    stopB();
    expect(opened[0]!.signal.aborted).toBe(true);
  });

  it('calls a screen only for the channels it asked for', async () => {
    const heard: string[] = [];
    const { unmount } = renderHook(() => useLiveEvents(['dashboards'], (channel, data) => heard.push(`${channel} ${JSON.stringify(data)}`)));
    await settle();
    opened[0]!.send('event: messages\ndata: {"unread":3}\n\nevent: dashboards\ndata: {"dashboard":"purchases"}\n\n');
    await settle();
    expect(heard).toEqual(['dashboards {"dashboard":"purchases"}']);
    unmount();
    expect(opened[0]!.signal.aborted).toBe(true);
  });

  it('waits offline and opens the stream when the network comes back', async () => {
    online = false;
    const stop = listenLive(() => undefined);
    await settle();
    expect(opened).toHaveLength(0);
    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(opened).toHaveLength(1);
    stop();
  });

  it('closes the stream when the browser goes offline, and opens a new one when it is back', async () => {
    const heard: string[] = [];
    const stop = listenLive((channel, data) => heard.push(`${channel} ${JSON.stringify(data)}`));
    await settle();
    online = false;
    window.dispatchEvent(new Event('offline'));
    await settle();
    expect(opened[0]!.signal.aborted).toBe(true);
    expect(opened).toHaveLength(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    opened[1]!.send('event: files\ndata: {"id":5}\n\n');
    await settle();
    expect(heard).toEqual(['files {"id":5}']);
    stop();
  });
});
