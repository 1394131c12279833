/**
 * Random bytes for per-response tokens (CSP nonces, XSRF tokens), taken from a block fetched 2 KiB at a time: one
 * `randomBytes` call per response showed in profiles of the login page under load. The bytes are the same CSPRNG's,
 * each handed out once.
 */
import { randomBytes } from 'node:crypto';

const BLOCK = 2048;

/** A source of `size`-byte random strings in `encoding`, each drawn from a shared block and never reused. */
export function randomTokens(size: number, encoding: 'hex' | 'base64url'): () => string {
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + size > block.length) {
      block = randomBytes(Math.max(BLOCK, size));
      offset = 0;
    }
    offset += size;
    return block.toString(encoding, offset - size, offset);
  };
}
