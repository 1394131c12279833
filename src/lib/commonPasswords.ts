/**
 * The commonly used passwords the appliance and the identity service refuse (@zxcvbn-ts/language-common, the list
 * src/service-kit/passwordPolicy.ts checks), for the browser's strength meter. About 380 KB: a chunk of its own,
 * loaded the first time a new password is typed, never with a page's first scripts.
 */
let loaded: ReadonlySet<string> | null = null;
let loading: Promise<ReadonlySet<string>> | null = null;

export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import(
    /* webpackChunkName: "common-passwords" */ '@zxcvbn-ts/language-common/dist/passwords.json.cjs'
  ).then((mod) => {
    const list = (mod as { default?: string[] }).default ?? (mod as unknown as string[]);
    loaded = new Set(list);
    return loaded;
  });
  return loading;
}

/** The list once loaded, else null. */
export const commonPasswords = (): ReadonlySet<string> | null => loaded;
