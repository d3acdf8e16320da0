import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

describe('404 page', () => {
  it('an unknown route shows Page Not Found with a way home', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: /go back/i })).toBeInTheDocument();
  });
});
