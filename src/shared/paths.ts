/** Joining a configured base (`/api/`, `/api/auth`, `https://…/`) and a path under it: exactly one slash between. */
export function joinPath(base: string, path: string): string {
  return base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}
