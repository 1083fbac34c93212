import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'fabops-demo';

export async function signInOnLoginPage(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await signInOnLoginPage(page, username, password);
  // The first sign-in of a fresh demo company waits for its server: give it the time a busy machine needs.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({ access: localStorage.getItem('access'), refresh: localStorage.getItem('refresh'), userId: localStorage.getItem('user_id') }));
}

/** Waits until the service worker controls the page: from then on the app opens with no connection. */
/** The header's sync status ("All saved", "3 unsent"), a link to the Sync screen. */
export const syncStatus = (page: Page) => page.getByRole('link', { name: 'Sync status' });

/** A link of the main menu, by its exact name. */
export const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

const apiTokens = new WeakMap<APIRequestContext, Map<string, Promise<string>>>();

/**
 * An access token for the spec's own API calls, signed in once per test and user: sign-in is
 * throttled (docs/decisions.md 135), and a burst of parallel sign-ins is exactly what it stops.
 */
export function apiToken(request: APIRequestContext, username = 'admin'): Promise<string> {
  const tokens = apiTokens.get(request) ?? new Map<string, Promise<string>>();
  apiTokens.set(request, tokens);
  let token = tokens.get(username);
  if (!token) {
    token = request
      .post('/api/v1/auth/jwt/create/', { data: { username, password: DEMO_PASSWORD } })
      .then(async (response) => ((await response.json()) as { access: string }).access);
    tokens.set(username, token);
  }
  return token;
}

const TABLET = { width: 768, height: 1024 };

/** A tablet signed in as `username`, its preload done and its service worker in charge, open at `landing`. */
export async function signedInTablet(browser: Browser, username: string, landing: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: TABLET });
  const page = await context.newPage();
  await signIn(page, username);
  await waitForServiceWorker(page);
  await page.goto(landing);
  return { context, page };
}

/**
 * A tablet's browser with a profile of its own on disk, as a real device keeps one: closing it
 * and opening it again (`reopen`) keeps its storage, service worker and queued changes.
 */
export interface Tablet {
  context: BrowserContext;
  page: Page;
  reopen(): Promise<Tablet>;
  /** Closes the browser and deletes its profile. */
  discard(): Promise<void>;
}

export async function openTablet(profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-tablet-'))): Promise<Tablet> {
  const { baseURL, launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport: TABLET });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    reopen: async () => {
      await context.close();
      return openTablet(profile);
    },
    discard: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A GET of the API as `username` (the admin unless told), answered 200, as the spec's own checks make it. */
export async function apiGet<T>(request: APIRequestContext, url: string, params: Record<string, string | number> = {}, username = 'admin'): Promise<T> {
  const response = await request.get(`/api/v1${url}`, { params, headers: { Authorization: `JWT ${await apiToken(request, username)}` } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** An in-process job order of the demo company with products and no delivery note yet. */
export async function jobOrderWithoutNotes(request: APIRequestContext): Promise<{ id: number; product: string }> {
  const { results } = await apiGet<{ results: { id: number; cancelled_at: string | null; closed_at: string | null }[] }>(request, '/joborders/joborders/', { status: 'in-process', page_size: 100 });
  // Cancelled job orders keep the status they had: they take no notes.
  for (const job of results.filter((j) => !j.cancelled_at && !j.closed_at)) {
    const products = await apiGet<{ results: { product: string }[] }>(request, '/deliverynotes/delivery_notes/job_order_items/', { job_order: job.id });
    const notes = await apiGet<{ count: number }>(request, '/deliverynotes/delivery_notes/list/', { job_order: job.id });
    if (products.results.length && notes.count === 0) return { id: job.id, product: products.results[0]!.product };
  }
  throw new Error('The demo company has no in-process job order without delivery notes.');
}

/** Picks the first material the material picker finds for `term`; answers its full name. */
export async function pickMaterial(page: Page, term: string): Promise<string> {
  await page.getByLabel('Find a material').fill(term);
  const choice = page.getByRole('button', { name: new RegExp(term, 'i') }).first();
  const name = (await choice.locator('p').first().textContent())!;
  await choice.click();
  return name;
}

/** Stores signed in on the GRA list, its service worker ready; the GRAs the device posts are counted. */
export async function storesAtTheGate(page: Page, context: BrowserContext): Promise<string[]> {
  const posts: string[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/gra/gras/')) posts.push(r.url());
  });
  await signIn(page, 'stores');
  await waitForServiceWorker(page);
  await page.goto('/gra');
  await expect(page.getByRole('heading', { name: 'GRAs' })).toBeVisible();
  return posts;
}
