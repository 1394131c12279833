/** @jest-environment jsdom */
import {
  parseJson,
  readJson,
  readText,
  storedJsonReader,
  subscribeStorage,
  writeJson,
  type StorageArea,
} from '../../src/lib/storage';

const areas: [StorageArea, () => Storage][] = [
  ['local', () => window.localStorage],
  ['session', () => window.sessionStorage],
];

/** Makes reading `window.<name>` throw, as browsers do when site data is blocked. */
function blockStorage(name: 'localStorage' | 'sessionStorage') {
  return jest.spyOn(window, name, 'get').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('parseJson', () => {
  it.each([
    ['an object', '{"a":[1,"x"]}', { a: [1, 'x'] }],
    ['a number', '4', 4],
    ['a string', '"x"', 'x'],
    ['JSON null', 'null', null],
    ['nothing stored', null, undefined],
    ['broken JSON', '{', undefined],
    ['plain text', 'abc', undefined],
    ['empty text', '', undefined],
  ])('reads %s', (_label, raw, expected) => {
    expect(parseJson(raw)).toEqual(expected);
  });
});

describe.each(areas)('%s storage', (area, storage) => {
  it('writes JSON and reads it back', () => {
    expect(writeJson(area, 'k', { page: 3, ids: ['a'] })).toBe(true);
    expect(storage().getItem('k')).toBe('{"page":3,"ids":["a"]}');
    expect(readJson(area, 'k')).toEqual({ page: 3, ids: ['a'] });
  });

  it('reads a missing key and a corrupt value as undefined', () => {
    expect(readJson(area, 'missing')).toBeUndefined();
    storage().setItem('k', '{not json');
    expect(readJson(area, 'k')).toBeUndefined();
    expect(readText(area, 'k')).toBe('{not json');
  });

  it('tolerates a full storage: the write reports false and nothing throws', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(writeJson(area, 'k', [1])).toBe(false);
    expect(readJson(area, 'k')).toBeUndefined();
  });

  it('tolerates blocked storage: reads are undefined, writes report false', () => {
    blockStorage(area === 'local' ? 'localStorage' : 'sessionStorage');
    expect(readText(area, 'k')).toBeNull();
    expect(readJson(area, 'k')).toBeUndefined();
    expect(writeJson(area, 'k', 1)).toBe(false);
  });
});

describe('subscribeStorage', () => {
  it('tells subscribers about writes (even failed ones) and storage events until they unsubscribe', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeStorage(listener);
    writeJson('local', 'k', 1);
    blockStorage('sessionStorage');
    writeJson('session', 'k', 1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'k' }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    writeJson('local', 'k', 2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'k' }));
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('storedJsonReader', () => {
  const decode = jest.fn((data: unknown) =>
    Array.isArray(data) ? data.filter((x) => typeof x === 'string') : [],
  );

  it('decodes once per stored text, so the snapshot stays the same object until the text changes', () => {
    decode.mockClear();
    const read = storedJsonReader('local', 'list', decode);
    const empty = read();
    expect(empty).toEqual([]);
    expect(read()).toBe(empty);
    writeJson('local', 'list', ['a', 2, 'b']);
    const first = read();
    expect(first).toEqual(['a', 'b']);
    expect(read()).toBe(first);
    expect(decode).toHaveBeenCalledTimes(2);
  });

  it('gives the decoder undefined for corrupt text or blocked storage', () => {
    decode.mockClear();
    window.localStorage.setItem('list', '[oops');
    expect(storedJsonReader('local', 'list', decode)()).toEqual([]);
    blockStorage('localStorage');
    expect(storedJsonReader('local', 'list', decode)()).toEqual([]);
    expect(decode.mock.calls).toEqual([[undefined], [undefined]]);
  });
});
