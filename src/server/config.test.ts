import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { PROJECT_ROOT } from './paths';

describe('configuration', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'sinalize-config-'));

  it('has embedded defaults and keeps a generated session secret in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: dir, databaseUrl: undefined });
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('offers the APK `npm run build:apk` made unless APP_APK_PATH names another', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).appApkPath).toBe(path.join(PROJECT_ROOT, 'dist', 'sinalize-tv.apk'));
    expect(loadConfig({ DATA_DIR: dataDir(), APP_APK_PATH: '' }).appApkPath).toBe(
      path.join(PROJECT_ROOT, 'dist', 'sinalize-tv.apk'),
    );
    expect(loadConfig({ DATA_DIR: dataDir(), APP_APK_PATH: 'releases/tv.apk' }).appApkPath).toBe(
      path.resolve('releases/tv.apk'),
    );
  });

  it('reads the environment and treats empty values as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '8080',
      HOST: '',
      DATABASE_URL: 'postgres://u@db:5432/app',
      ADMIN_EMAIL: 'chefe@empresa.com.br',
      TRUSTED_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/app',
      adminEmail: 'chefe@empresa.com.br',
      trustedOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('names the Redis channels and limit keys with REDIS_PREFIX, sinalize: by default (docs/scaling.md)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).redisPrefix).toBe('sinalize:');
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_PREFIX: '' }).redisPrefix).toBe('sinalize:');
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_PREFIX: 'loja-2:' }).redisPrefix).toBe('loja-2:');
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_PREFIX: 'com espaço' })).toThrow(
      /REDIS_PREFIX: use até 64 letras, dígitos e : _ \. -/,
    );
  });

  it('paces feed refreshes by FEEDS_REFRESH_GAP_MS, 1 s by default, at most a minute (docs/content.md#refreshing)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).feeds.refreshGapMs).toBe(1000);
    expect(loadConfig({ DATA_DIR: dataDir(), FEEDS_REFRESH_GAP_MS: '2500' }).feeds.refreshGapMs).toBe(2500);
    for (const bad of ['-1', '1.5', '60001', 'um'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), FEEDS_REFRESH_GAP_MS: bad })).toThrow(/FEEDS_REFRESH_GAP_MS/);
  });

  it('refuses invalid values with a readable list', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', ADMIN_EMAIL: 'x' })).toThrow(
      /Configuração inválida:[\s\S]*PORT[\s\S]*ADMIN_EMAIL/,
    );
  });
});
