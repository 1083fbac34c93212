/**
 * Client test setup. Import it first in every client test file, before anything from src/.
 *
 * - Fills in the browser APIs jsdom lacks (matchMedia, ResizeObserver, IntersectionObserver,
 *   scrollTo, scrollIntoView, CSS.escape) with stand-ins, so Chakra UI can render.
 * - Gives the testing library's find and waitFor queries 5 s instead of 1 s.
 * - Routes every axios instance's default adapter through `setFallbackAdapter`, so the token
 *   renewal client (a second axios instance inside src/data/api.ts that tests cannot reach)
 *   talks to the same fake server as `api`. This must run before src/data/api.ts is evaluated,
 *   which is why this file is imported first.
 */
import axios, { AxiosError, type AxiosAdapter } from 'axios';
import { configure } from '@testing-library/react';

// Screens answer through IndexedDB and lazy chunks: on a busy two-core machine a second is short.
configure({ asyncUtilTimeout: 5_000 });

let fallback: AxiosAdapter | null = null;

/** The adapter that axios instances created without their own adapter use. */
export function setFallbackAdapter(adapter: AxiosAdapter | null): void {
  fallback = adapter;
}

axios.defaults.adapter = (config) =>
  fallback ? fallback(config) : Promise.reject(new AxiosError(`No fake server for ${config.method?.toUpperCase()} ${config.url}`, AxiosError.ERR_NETWORK, config));

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  class InertObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }
  if (!('ResizeObserver' in window)) Object.assign(window, { ResizeObserver: InertObserver });
  if (!('IntersectionObserver' in window)) Object.assign(window, { IntersectionObserver: InertObserver });
  // jsdom defines scrollTo but only to report "not implemented".
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  // Chakra's focus trap looks elements up by id through CSS.escape.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    // A leading digit becomes a code point escape; other non-identifier characters get a backslash.
    const escape = (value: string) =>
      Array.from(String(value), (ch, i) => (/\d/.test(ch) && i === 0 ? `\\3${ch} ` : /[\w-]/.test(ch) ? ch : `\\${ch}`)).join('');
    Object.assign(globalThis, { CSS: { ...(typeof CSS === 'undefined' ? {} : CSS), escape } });
  }
}
