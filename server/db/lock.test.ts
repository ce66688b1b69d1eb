import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DataDirInUseError, lockDataDir } from './lock.ts';

const fresh = () => mkdtempSync(join(tmpdir(), 'epustaka-lock-'));

describe('lockDataDir', () => {
  test('takes a free directory and releases it', () => {
    const dir = fresh();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  test('refuses a directory this process already holds', () => {
    const dir = fresh();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
  });

  test('refuses a directory held by another live process, naming it', async () => {
    const dir = fresh();
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'server.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  test('takes over a lock left by a process that died', async () => {
    const dir = fresh();
    const other = spawn('true');
    await new Promise((resolve) => other.on('exit', resolve));
    writeFileSync(join(dir, 'server.lock'), String(other.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
