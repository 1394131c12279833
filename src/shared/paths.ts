/** Joining a configured base (`/api/`, `/api/auth`, `https://…/`) and a path under it: exactly one slash between. */
export function joinPath(base: string, path: string): string {
  return base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}

/** An address under the API base (`apiUrl('/api/', 'config/bar_logo')`): for requests, links and image sources. */
export const apiUrl = (apiBase: string, path: string): string => joinPath(apiBase, path);
