import './setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { dismiss, notify, shownNotifications } from '../../src/ui/notify';
import { Notifications } from '../../src/ui/Notifications';
import { AppDialog, openDialog } from '../../src/ui/dialog';
import { LoadingOverlay } from '../../src/ui/LoadingOverlay';
import { processing } from '../../src/data/processing';

const OVERLAY_TEXT = 'Processing your request. Please wait...';

/** The toaster acts on the next animation frames (16 ms each), not on the millisecond. */
const A_FEW_FRAMES = 50;

const renderUi = (ui: ReactNode) => render(<ChakraProvider value={defaultSystem}>{ui}</ChakraProvider>);

/** The notifications on screen right now, as the toasters hold them. */
const visibleNotifications = shownNotifications;

afterEach(() => {
  act(() => visibleNotifications().forEach((n) => dismiss(n.id)));
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('notify (product-frame.md §5, §9)', () => {
  it.each([
    ['a negative timeout', { message: 'Saved', timeout: -1 }],
    ['an unknown position', { message: 'Saved', position: 'middle-ish' }],
  ])('refuses %s and shows nothing', (_what, options) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderUi(<Notifications />);
    let accepted = true;
    act(() => {
      accepted = notify(options);
    });
    expect(accepted).toBe(false);
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Notification refused'));
  });

  // The toaster draws a notice a moment after it is asked (a microtask), and times it by animation frames.
  it('shows a notification at the bottom for 5000 ms by default', async () => {
    vi.useFakeTimers();
    renderUi(<Notifications />);
    await act(async () => {
      expect(notify({ message: 'Saved', caption: 'Lead 12' })).toBe(true);
    });
    expect(screen.getByRole('status')).toHaveProperty('textContent', expect.stringContaining('Saved'));
    expect(screen.getByText('Lead 12')).toBeTruthy();
    expect(visibleNotifications()).toMatchObject([{ message: 'Saved', position: 'bottom', timeout: 5000, type: 'info' }]);

    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.queryByText('Saved')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1 + A_FEW_FRAMES));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('keeps a notification with timeout 0 until it is dismissed', async () => {
    vi.useFakeTimers();
    renderUi(<Notifications />);
    await act(async () => {
      notify({ message: 'Stays', timeout: 0, position: 'top-right' });
    });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('Stays')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
    await act(() => vi.advanceTimersByTimeAsync(A_FEW_FRAMES));
    expect(screen.queryByText('Stays')).toBeNull();
  });
});

describe('the dialog', () => {
  it("disables OK while the prompt's rule fails and enables it when it passes", async () => {
    renderUi(<AppDialog />);
    let answer: Promise<string | false> = Promise.resolve(false);
    act(() => {
      answer = openDialog({
        title: 'Close lead',
        message: 'Why is this lead closed?',
        prompt: { label: 'Reason', validate: (v) => v.trim().length >= 5 || 'At least 5 characters' },
      });
    });
    const ok = await screen.findByRole('button', { name: 'OK' });
    const input = screen.getByRole('textbox', { name: 'Reason' });
    expect(ok).toHaveProperty('disabled', true);

    fireEvent.change(input, { target: { value: 'lost' } });
    expect(ok).toHaveProperty('disabled', true);
    expect(screen.getByText('At least 5 characters')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'lost to a competitor' } });
    expect(ok).toHaveProperty('disabled', false);

    fireEvent.click(ok);
    await expect(answer).resolves.toBe('lost to a competitor');
  });

  it('resolves false on Cancel', async () => {
    renderUi(<AppDialog />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = openDialog({ title: 'Delete', message: 'Delete this draft?', type: 'negative' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });
});

describe('the loading overlay', () => {
  it("shows 'Processing your request. Please wait...' only after 400 ms of a write in flight", () => {
    vi.useFakeTimers();
    renderUi(<LoadingOverlay />);
    let end = () => {};
    act(() => {
      end = processing.begin();
    });
    act(() => vi.advanceTimersByTime(399));
    expect(screen.queryByText(OVERLAY_TEXT)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(OVERLAY_TEXT)).toBeTruthy();

    act(() => end());
    expect(screen.queryByText(OVERLAY_TEXT)).toBeNull();
  });

  it('never shows for a write that finishes within 400 ms, and restarts the delay for the next one', () => {
    vi.useFakeTimers();
    renderUi(<LoadingOverlay />);
    let end = () => {};
    act(() => {
      end = processing.begin();
    });
    act(() => vi.advanceTimersByTime(300));
    act(() => end());
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText(OVERLAY_TEXT)).toBeNull();

    act(() => {
      end = processing.begin();
    });
    act(() => vi.advanceTimersByTime(399));
    expect(screen.queryByText(OVERLAY_TEXT)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(OVERLAY_TEXT)).toBeTruthy();
    act(() => end());
  });

  it('stays while any of several writes is still in flight', () => {
    vi.useFakeTimers();
    renderUi(<LoadingOverlay />);
    const ends: (() => void)[] = [];
    act(() => {
      ends.push(processing.begin(), processing.begin());
    });
    act(() => vi.advanceTimersByTime(400));
    act(() => ends[0]!());
    act(() => ends[0]!()); // ending twice counts once
    expect(screen.getByText(OVERLAY_TEXT)).toBeTruthy();
    act(() => ends[1]!());
    expect(screen.queryByText(OVERLAY_TEXT)).toBeNull();
  });
});
