/**
 * Client test setup. Import it first in every client test file, before anything from src/.
 *
 * - Fills in the browser APIs jsdom lacks (matchMedia, ResizeObserver, IntersectionObserver,
 *   scrollTo, scrollIntoView, CSS.escape) with stand-ins, so Chakra UI can render.
 * - Gives the testing library's find and waitFor queries 5 s instead of 1 s.
 * - Makes every API call that reaches no fake server (support.ts) fail as a network failure
 *   that names the call, instead of going to the network.
 */
import { configure } from '@testing-library/react';
import { setTransport } from '../../src/data/api';

// Screens answer through IndexedDB and lazy chunks: on a busy two-core machine a second is short.
configure({ asyncUtilTimeout: 5_000 });

setTransport((request) => Promise.reject(new TypeError(`No fake server for ${request.method} ${request.url}`)));

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
