import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../platform/config';

describe('config', () => {
  it('defaults PORT to 4000', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PORT).toBe(4000);
  });

  it('names the variable and the bad value', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: 'eighty' })).toThrow(/PORT: .*"eighty"/);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
  });

  it('requires a JWT secret and refuses the test clock in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SECRETS_KEY: secret, ENABLE_TEST_CLOCK: '1' })).toThrow(/ENABLE_TEST_CLOCK/);
  });

  it('SECRETS_KEY: required in production, at least 32 characters; elsewhere a key derived from JWT_SECRET', () => {
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(/SECRETS_KEY: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'test', SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: must be at least 32 characters/);
    const a = loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SECRETS_KEY: 'a'.repeat(40) }).secretsKey;
    expect(a).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SECRETS_KEY: 'a'.repeat(40) }).secretsKey.equals(a)).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SECRETS_KEY: 'b'.repeat(40) }).secretsKey.equals(a)).toBe(false);
    // Outside production: deterministic from JWT_SECRET, so a restart reads the secrets it stored.
    const dev = loadConfig({ NODE_ENV: 'development', JWT_SECRET: secret }).secretsKey;
    expect(loadConfig({ NODE_ENV: 'development', JWT_SECRET: secret }).secretsKey.equals(dev)).toBe(true);
  });

  it('listens on 127.0.0.1 outside production unless HOST says otherwise; production refuses demo data and published or missing secrets', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'y'.repeat(40) };
    expect(loadConfig(prod).HOST).toBe('0.0.0.0');
    expect(() => loadConfig({ ...prod, SEED_DEMO_DATA: '1' })).toThrow(/SEED_DEMO_DATA: demo data is never allowed in production/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'change-me-to-a-long-random-secret-of-32-chars' })).toThrow(/JWT_SECRET: this is the published example value/);
    expect(() => loadConfig({ ...prod, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: required in production/);
    expect(loadConfig({ ...prod, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).isProduction).toBe(true);
  });

  it('METRICS_TOKEN: at least 16 characters; decides who may read /metrics', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'x'.repeat(40) };
    expect(() => loadConfig({ ...prod, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ ...prod, METRICS_TOKEN: 'has a space in it ok' })).toThrow(/METRICS_TOKEN: must be printable ASCII/);
    expect(loadConfig(prod).metricsAccess).toBe('off');
    expect(loadConfig({ ...prod, METRICS_TOKEN: 'a'.repeat(32) }).metricsAccess).toBe('token');
    expect(loadConfig({ NODE_ENV: 'development' }).metricsAccess).toBe('open');
    expect(loadConfig({ NODE_ENV: 'development', METRICS_TOKEN: 'a'.repeat(32) }).metricsAccess).toBe('token');
  });

  it('TRUST_PROXY: loopback by default; named ranges, addresses, CIDRs or a hop count; anything else is named', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe('loopback');
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'loopback, uniquelocal, 203.0.113.7, 2001:db8::/32' }).trustProxy).toBe('loopback, uniquelocal, 203.0.113.7, 2001:db8::/32');
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: must be a hop count or a comma-separated list/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('splits CORS origins', () => {
    expect(loadConfig({ NODE_ENV: 'test', CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
