import { describe, expect, it } from 'vitest';
import { deviceName } from '../../domain/session';

/** The sessions list names each device as a superuser recognises it (issue 23: sessions with their device). */
describe('a device’s name from its user agent', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iPad'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari on Mac'],
    ['Mozilla/5.0 (Linux; Android 14; SM-T225) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
  ])('%s is %s', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });

  it('keeps a user agent of no known browser as it is, cut to 200 characters, and names an empty one', () => {
    expect(deviceName('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceName('x'.repeat(300))).toBe('x'.repeat(200));
    expect(deviceName('')).toBe('Unknown device');
  });
});
