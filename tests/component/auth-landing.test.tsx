import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import LandingPage from '../../src/pages/auth/LandingPage';
import { currentUrl, renderAt } from './auth-test-utils';

describe('LandingPage (/)', () => {
  it('shows the Olympus logo and a "Login to Olympus" link to /login', async () => {
    renderAt(<LandingPage />, { route: '/' });
    const logo = screen.getByRole('img', { name: 'Olympus' });
    expect(logo).toHaveAttribute('src', '/olympus.svg');
    const link = screen.getByRole('link', { name: 'Login to Olympus' });
    expect(link).toHaveAttribute('href', '/login');
    await userEvent.click(link);
    expect(currentUrl()).toBe('/login');
  });
});
