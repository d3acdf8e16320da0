import { describe, expect, it } from 'vitest';
import { greeting } from '../lib/greeting';

describe('the dashboard greeting', () => {
  const now = new Date('2031-06-09T12:00:00Z');
  it('greets a brand-new account "Welcome" by its display name, an older one "Welcome back"', () => {
    expect(greeting({ createdAt: '2031-06-09T11:55:00Z' }, 'Luna Plays', now)).toBe('Welcome, Luna Plays');
    expect(greeting({ createdAt: '2031-06-01T09:00:00Z' }, '  Luna Plays ', now)).toBe('Welcome back, Luna Plays');
  });
  it('without a name (no profile yet) never falls back to the e-mail address', () => {
    expect(greeting({ createdAt: '2031-06-09T11:55:00Z' }, null, now)).toBe('Welcome to CollabHub');
    expect(greeting({ createdAt: '2031-06-01T09:00:00Z' }, '  ', now)).toBe('Welcome to CollabHub');
  });
});
