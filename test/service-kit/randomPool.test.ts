/** Per-response tokens drawn from a shared block of CSPRNG output: each is the asked size and never repeats. */
import { randomTokens } from '../../src/service-kit/randomPool';

it('hands out tokens of the asked size that never repeat, across blocks', () => {
  const next = randomTokens(32, 'hex');
  const seen = new Set<string>();
  // 2 KiB blocks of 32 bytes: 200 tokens cross three blocks.
  for (let i = 0; i < 200; i++) {
    const token = next();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    seen.add(token);
  }
  expect(seen.size).toBe(200);
});

it('gives base64url tokens too, and sizes beyond one block', () => {
  expect(randomTokens(32, 'base64url')()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(randomTokens(4096, 'hex')()).toHaveLength(8192);
});
