import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, type Db } from '../../src/storage/sqlite';
import { AttemptCounter, attemptTableSql } from '../../src/service-kit/attemptCounter';
import { LoginThrottle, type LockoutPolicy } from '../../src/service-kit/loginThrottle';

const TABLE = 'attempts';
const openDb = (file = ':memory:'): Db => {
  const db = openDatabase(file);
  migrate(db, 'test', [{ version: 1, name: 'attempts', up: (d) => d.exec(attemptTableSql(TABLE)) }]);
  return db;
};

describe('AttemptCounter', () => {
  it('counts parallel attempts atomically: exactly `points` pass', async () => {
    const counter = new AttemptCounter(openDb(), TABLE, 'c', { points: 5, windowSeconds: 60 });
    const results = await Promise.all(Array.from({ length: 20 }, () => counter.take('k')));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    for (const r of results.filter((x) => !x.ok)) expect(r).toEqual({ ok: false, retryAfter: 60 });
  });

  it('refunds one attempt, never below zero', async () => {
    const counter = new AttemptCounter(openDb(), TABLE, 'c', { points: 2, windowSeconds: 60 });
    await counter.take('k');
    await counter.refund('k');
    await counter.refund('k');
    expect(await counter.count('k')).toBe(0);
    expect((await counter.take('k')).ok).toBe(true);
    expect((await counter.take('k')).ok).toBe(true);
    expect((await counter.take('k')).ok).toBe(false);
  });

  it('forgets attempts once the window is over', async () => {
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    try {
      const counter = new AttemptCounter(openDb(), TABLE, 'c', { points: 1, windowSeconds: 60 });
      expect((await counter.take('k')).ok).toBe(true);
      expect(await counter.take('k')).toEqual({ ok: false, retryAfter: 60 });
      clock.mockReturnValue(now + 30_000);
      expect(await counter.take('k')).toEqual({ ok: false, retryAfter: 30 });
      clock.mockReturnValue(now + 60_001);
      expect((await counter.take('k')).ok).toBe(true);
    } finally {
      clock.mockRestore();
    }
  });

  it('keeps counts in the database file: another instance on it sees them', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attempts-')), 'x.db');
    const first = openDb(file);
    await new AttemptCounter(first, TABLE, 'c', { points: 3, windowSeconds: 60 }).take('k');
    first.close();
    const second = openDb(file);
    const counter = new AttemptCounter(second, TABLE, 'c', { points: 3, windowSeconds: 60 });
    expect(await counter.count('k')).toBe(1);
    second.close();
  });
});

describe('LoginThrottle', () => {
  const policy: LockoutPolicy = { attempts: 3, window_seconds: 60, duration_seconds: 120 };
  const throttle = (db = openDb()) => new LoginThrottle(db, { table: TABLE, policy: () => policy });

  async function fail(t: LoginThrottle, name: string, source: string) {
    const begun = await t.begin(name, source);
    if (!begun.ok) return begun;
    return { ok: true as const, outcome: await begun.attempt.failed(), delayMs: begun.attempt.delayMs };
  }

  it('locks a (name, address) pair for the policy duration; other addresses go on', async () => {
    const t = throttle();
    expect(await fail(t, 'ann', '10.0.0.1')).toMatchObject({ outcome: { lockedPair: false } });
    expect(await fail(t, 'ann', '10.0.0.1')).toMatchObject({ outcome: { lockedPair: false } });
    expect(await fail(t, 'ann', '10.0.0.1')).toMatchObject({
      outcome: { lockedPair: true, lockedName: false },
    });
    expect(await t.begin('ann', '10.0.0.1')).toEqual({ ok: false, retryAfter: 120, refusedBy: 'pair' });
    expect((await t.begin('ann', '10.0.0.2')).ok).toBe(true);
    expect(t.locks(Date.now())).toEqual([
      { name: 'ann', source: '10.0.0.1', until: expect.any(Number), seenBy: [] },
    ]);
  });

  it('a success clears the address count; a refund gives one attempt back', async () => {
    const t = throttle();
    await fail(t, 'bob', 'a');
    await fail(t, 'bob', 'a');
    const right = await t.begin('bob', 'a');
    if (!right.ok) throw new Error('refused');
    await right.attempt.succeeded();
    for (let i = 0; i < 2; i += 1) await fail(t, 'bob', 'a');
    const pending = await t.begin('bob', 'a');
    if (!pending.ok) throw new Error('refused');
    await pending.attempt.refund();
    expect((await t.begin('bob', 'a')).ok).toBe(true);
  });

  it('delays attempts on a name progressively past 10 failures, capped, and refuses it everywhere at 50', async () => {
    const t = throttle();
    const delays: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const r = await fail(t, 'carl', `10.1.${Math.floor(i / 3)}.1`);
      if (!r.ok) throw new Error(`refused at ${i}`);
      delays.push(r.delayMs);
      if (i === 49) expect(r.outcome.lockedName).toBe(true);
    }
    expect(delays.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(delays.slice(10, 14)).toEqual([250, 500, 750, 1000]);
    expect(Math.max(...delays)).toBe(3000);
    expect(await t.begin('carl', '192.0.2.1')).toMatchObject({ ok: false, refusedBy: 'name' });
    const locks = t.locks(Date.now());
    expect(locks.filter((l) => l.source === null)).toEqual([
      { name: 'carl', source: null, until: expect.any(Number), seenBy: [] },
    ]);
  });

  it('unlocks every lock of a name and forgets its failures, and no other name', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i += 1) await fail(t, 'dora', 'x');
    for (let i = 0; i < 3; i += 1) await fail(t, 'dora', 'y');
    for (let i = 0; i < 3; i += 1) await fail(t, 'dorab', 'x');
    expect(t.unlock('dora', Date.now())).toBe(2);
    expect((await t.begin('dora', 'x')).ok).toBe(true);
    expect((await t.begin('dorab', 'x')).ok).toBe(false);
    expect(t.unlock('nobody', Date.now())).toBe(0);
  });

  it('locks across addresses when the lock scope is fixed (second factors: only the password holder tries)', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i += 1) {
      const begun = await t.begin('id-1:totp', `10.5.0.${i}`, { lockScope: 'any-address' });
      if (!begun.ok) throw new Error('refused');
      await begun.attempt.failed();
    }
    expect(await t.begin('id-1:totp', '10.5.0.9', { lockScope: 'any-address' })).toMatchObject({
      ok: false,
      refusedBy: 'pair',
    });
  });

  it('keeps names with separators apart from addresses', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i += 1) await fail(t, 'e@x', 'y');
    expect((await t.begin('e', 'x@y')).ok).toBe(true);
    expect(t.locks(Date.now())).toEqual([
      { name: 'e@x', source: 'y', until: expect.any(Number), seenBy: [] },
    ]);
  });
});
