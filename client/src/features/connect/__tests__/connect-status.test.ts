import { describe, expect, it } from 'vitest';
import { connectStateOf, connectStateView } from '../lib/connect-status';

const flags = (connected: boolean, onboardingComplete: boolean, chargesEnabled: boolean, payoutsEnabled: boolean) => ({
  connected,
  onboardingComplete,
  chargesEnabled,
  payoutsEnabled,
});

describe('connect status (spec §4)', () => {
  it('derives the four states', () => {
    expect(connectStateOf(null)).toBe('NOT_CONNECTED');
    expect(connectStateOf(flags(false, false, false, false))).toBe('NOT_CONNECTED');
    expect(connectStateOf(flags(true, false, false, false))).toBe('SETUP_INCOMPLETE');
    expect(connectStateOf(flags(true, false, true, true))).toBe('SETUP_INCOMPLETE');
    expect(connectStateOf(flags(true, true, false, true))).toBe('PARTIALLY_CONNECTED');
    expect(connectStateOf(flags(true, true, true, false))).toBe('PARTIALLY_CONNECTED');
    expect(connectStateOf(flags(true, true, true, true))).toBe('FULLY_CONNECTED');
  });

  it('labels each state and offers the right onboarding button', () => {
    expect(connectStateView(flags(false, false, false, false))).toMatchObject({
      label: 'Not Connected',
      action: 'Connect',
    });
    expect(connectStateView(flags(true, false, false, false))).toMatchObject({
      label: 'Setup Incomplete',
      action: 'Complete Setup',
    });
    expect(connectStateView(flags(true, true, false, false))).toMatchObject({
      label: 'Partially Connected',
      action: null,
    });
    expect(connectStateView(flags(true, true, true, true))).toMatchObject({ label: 'Fully Connected', action: null });
  });
});
