import {
  applyPasswordHashCost,
  burnPasswordCheck,
  dummyHash,
  hashPassword,
  verifyPassword,
  type HashCheckLog,
} from '../../src/service-kit/passwordHash';

function collectingLog() {
  const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log: HashCheckLog = { error: (fields, message) => lines.push({ fields, message }) };
  return { lines, log };
}

describe('shared password hashing', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword('correct horse battery staple');
  });

  it('hashes with argon2id at the OWASP baseline and a fresh salt each time', async () => {
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('correct horse battery staple')).not.toBe(stored);
  });

  it('accepts the right password and refuses a wrong one without logging', async () => {
    const { lines, log } = collectingLog();
    expect(await verifyPassword(stored, 'correct horse battery staple', { account: 7, log })).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse battery staple', { account: 7, log })).toBe(false);
    expect(lines).toEqual([]);
  });

  it.each([
    ['an empty value', ''],
    ['a truncated hash', 'TRUNCATE'],
    ['another scheme', '$2b$10$abcdefghijklmnopqrstuuWcQ0aFKcZb6XG9A5gY2Vn5sOx2i1f0e'],
    ['plain text', 'correct horse battery staple'],
  ])('refuses %s as a stored hash like a wrong password and logs it as corrupt', async (_name, value) => {
    const corrupt = value === 'TRUNCATE' ? stored.slice(0, 40) : value;
    const { lines, log } = collectingLog();
    const ok = await verifyPassword(corrupt, 'correct horse battery staple', { account: 'id-42', log });
    expect(ok).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toEqual({ account: 'id-42' });
    expect(lines[0].message).toMatch(/corrupt/);
    // The log names the account, never the stored value.
    if (corrupt) expect(JSON.stringify(lines[0])).not.toContain(corrupt);
  });

  it('keeps one dummy hash and spends a real verification on it', async () => {
    expect(await dummyHash()).toBe(await dummyHash());
    expect(await dummyHash()).toMatch(/^\$argon2id\$/);
    await expect(burnPasswordCheck('anything')).resolves.toBeUndefined();
  });

  it('hashes at the configured cost, verifies hashes of either cost, and keeps a dummy per cost', async () => {
    const warnings: string[] = [];
    const log = { warn: (_fields: Record<string, unknown>, message: string) => warnings.push(message) };
    const quiet = collectingLog();
    try {
      applyPasswordHashCost('minimal', log);
      expect(warnings).toEqual([expect.stringMatching(/below the OWASP baseline/)]);
      const cheap = await hashPassword('correct horse battery staple');
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
      expect(await dummyHash()).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
      // A hash made at the OWASP cost still verifies while the cost is minimal, and the other way round.
      expect(
        await verifyPassword(stored, 'correct horse battery staple', { account: 1, log: quiet.log }),
      ).toBe(true);
      applyPasswordHashCost('owasp', log);
      expect(warnings).toHaveLength(1);
      expect(
        await verifyPassword(cheap, 'correct horse battery staple', { account: 1, log: quiet.log }),
      ).toBe(true);
      expect(
        await verifyPassword(cheap, 'correct horse battery stapler', { account: 1, log: quiet.log }),
      ).toBe(false);
      expect(await dummyHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(quiet.lines).toEqual([]);
    } finally {
      applyPasswordHashCost('owasp', log);
    }
  });
});
