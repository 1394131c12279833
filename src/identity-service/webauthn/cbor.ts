/**
 * A small CBOR (RFC 8949) decoder for WebAuthn: attestation objects and COSE keys. Definite lengths only (WebAuthn
 * forbids indefinite ones in these structures); byte strings come back as Buffers, maps as Map (COSE keys are ints).
 */

export type Cbor = number | bigint | string | Buffer | boolean | null | undefined | Cbor[] | Map<Cbor, Cbor>;

export class CborError extends Error {}

const MAX_DEPTH = 16;

export function decodeCbor(input: Buffer): Cbor {
  const { value, offset } = decodeItem(input, 0, 0);
  if (offset !== input.length) throw new CborError('trailing bytes after CBOR item');
  return value;
}

/** Decodes the first item and says where it ended (authenticator data carries a COSE key followed by extensions). */
export function decodeCborPrefix(input: Buffer, start = 0): { value: Cbor; offset: number } {
  return decodeItem(input, start, 0);
}

function need(input: Buffer, offset: number, n: number): void {
  if (offset + n > input.length) throw new CborError('truncated CBOR');
}

function readLength(input: Buffer, offset: number, info: number): { n: number | bigint; offset: number } {
  if (info < 24) return { n: info, offset };
  if (info === 24) {
    need(input, offset, 1);
    return { n: input.readUInt8(offset), offset: offset + 1 };
  }
  if (info === 25) {
    need(input, offset, 2);
    return { n: input.readUInt16BE(offset), offset: offset + 2 };
  }
  if (info === 26) {
    need(input, offset, 4);
    return { n: input.readUInt32BE(offset), offset: offset + 4 };
  }
  if (info === 27) {
    need(input, offset, 8);
    const big = input.readBigUInt64BE(offset);
    return { n: big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big, offset: offset + 8 };
  }
  throw new CborError('indefinite or reserved length');
}

function count(n: number | bigint, input: Buffer, offset: number): number {
  if (typeof n === 'bigint' || n > input.length - offset) throw new CborError('length beyond input');
  return n;
}

function decodeItem(input: Buffer, offset: number, depth: number): { value: Cbor; offset: number } {
  if (depth > MAX_DEPTH) throw new CborError('CBOR nested too deeply');
  need(input, offset, 1);
  const initial = input.readUInt8(offset);
  const major = initial >> 5;
  const info = initial & 0x1f;
  offset += 1;
  switch (major) {
    case 0: {
      const { n, offset: o } = readLength(input, offset, info);
      return { value: n, offset: o };
    }
    case 1: {
      const { n, offset: o } = readLength(input, offset, info);
      return { value: typeof n === 'bigint' ? -1n - n : -1 - n, offset: o };
    }
    case 2:
    case 3: {
      const r = readLength(input, offset, info);
      const len = count(r.n, input, r.offset);
      const bytes = input.subarray(r.offset, r.offset + len);
      return { value: major === 2 ? Buffer.from(bytes) : bytes.toString('utf8'), offset: r.offset + len };
    }
    case 4: {
      const r = readLength(input, offset, info);
      const len = count(r.n, input, r.offset);
      const arr: Cbor[] = [];
      let o = r.offset;
      for (let i = 0; i < len; i += 1) {
        const item = decodeItem(input, o, depth + 1);
        arr.push(item.value);
        o = item.offset;
      }
      return { value: arr, offset: o };
    }
    case 5: {
      const r = readLength(input, offset, info);
      const len = count(r.n, input, r.offset);
      const map = new Map<Cbor, Cbor>();
      let o = r.offset;
      for (let i = 0; i < len; i += 1) {
        const k = decodeItem(input, o, depth + 1);
        const v = decodeItem(input, k.offset, depth + 1);
        map.set(k.value, v.value);
        o = v.offset;
      }
      return { value: map, offset: o };
    }
    case 6: {
      // Tags carry no meaning in WebAuthn structures: decode the tagged item.
      const r = readLength(input, offset, info);
      return decodeItem(input, r.offset, depth + 1);
    }
    default: {
      if (info === 20) return { value: false, offset };
      if (info === 21) return { value: true, offset };
      if (info === 22) return { value: null, offset };
      if (info === 23) return { value: undefined, offset };
      if (info === 25) {
        need(input, offset, 2);
        return { value: halfToNumber(input.readUInt16BE(offset)), offset: offset + 2 };
      }
      if (info === 26) {
        need(input, offset, 4);
        return { value: input.readFloatBE(offset), offset: offset + 4 };
      }
      if (info === 27) {
        need(input, offset, 8);
        return { value: input.readDoubleBE(offset), offset: offset + 8 };
      }
      throw new CborError('unsupported CBOR simple value');
    }
  }
}

function halfToNumber(h: number): number {
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}
