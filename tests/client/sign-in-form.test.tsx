import './setup';
import { AppProviders } from './providers';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeServer } from './support';
import LoginScreen from '../../src/features/auth/LoginScreen';

/** The sign-in form checks its fields itself (no react-hook-form on the first download) and behaves as the other forms. */
const show = () =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/login']}>
        <LoginScreen />
      </MemoryRouter>
    </AppProviders>,
  );

const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

afterEach(() => cleanup());

describe('the sign-in form', () => {
  it('flags both blank fields and sends nothing', async () => {
    const server = fakeServer();
    show();
    fireEvent.click(signInButton());
    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(server.calls('POST', '/auth/jwt/create/')).toHaveLength(0);
  });

  it('focuses the first field in error, and checks again as the user types once a submit has been refused', async () => {
    fakeServer();
    show();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'foreman' } });
    fireEvent.click(signInButton());
    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByLabelText(/Password/));
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret' } });
    await waitFor(() => expect(screen.queryByText('This field may not be blank.')).toBeNull());
  });

  it("puts the server's field message under its field and its other refusals in the alert", async () => {
    const server = fakeServer().on('POST', '/auth/jwt/create/', { status: 400, data: { username: ['Enter a valid username.'], detail: 'Try again.' } });
    show();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: ' foreman ' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret' } });
    fireEvent.click(signInButton());
    expect(await screen.findByText('Enter a valid username.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Try again.');
    expect(server.calls('POST', '/auth/jwt/create/')[0]!.body).toEqual({ username: 'foreman', password: 'secret' });
  });
});
