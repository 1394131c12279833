/**
 * Object search for the command palette: certificates, accounts and groups found by name. The palette asks only for
 * the lists the session may read (certificates: the PKI area; accounts and groups: the authentication area; admins
 * all), only once something is typed and the typing pauses, and through the appliance's list search: the first
 * few matches of `pki/certificates?q=…`, `users?q=…` and `groups?q=…` (names, subjects, alternative names, e-mail
 * addresses), so ten thousand objects are never sent to the browser for a search.
 */
import { useEffect, useState } from 'react';
import { keyOf, type ResponseOf } from '../../shared/contracts/endpoint';
import * as shell from '../../shared/contracts/shell';
import { allows } from '../../shared/privileges';
import { useAppSelector } from '../../store/createStore';
import { useResource } from '../../store/useResource';
import type { PaletteEntry } from './entries';

/** Typing pauses this long before the lists are asked for. */
export const OBJECT_SEARCH_DEBOUNCE_MS = 250;
/** Fewer typed characters than this search pages and actions only. */
export const OBJECT_SEARCH_MIN_CHARS = 2;
/** At most this many objects of one kind are listed. */
export const OBJECT_SEARCH_LIMIT = 5;

type CertificateRow = ResponseOf<typeof shell.listCertificates>['data'][number];
type Account = ResponseOf<typeof shell.listUsers>['data'][number];
type Group = ResponseOf<typeof shell.listGroups>['data'][number];

/** The text after the pause (empty while shorter than OBJECT_SEARCH_MIN_CHARS). */
export function useDebouncedQuery(query: string, ms = OBJECT_SEARCH_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState('');
  const q = query.trim();
  useEffect(() => {
    const timer = setTimeout(() => setSettled(q), ms);
    return () => clearTimeout(timer);
  }, [q, ms]);
  // Shorter than the minimum (or erased) searches nothing at once, without waiting for the pause.
  return q.length < OBJECT_SEARCH_MIN_CHARS || settled.length < OBJECT_SEARCH_MIN_CHARS ? '' : settled;
}

interface ObjectLists {
  certificates?: CertificateRow[];
  users?: Account[];
  groups?: Group[];
}

/** Objects the appliance found, as palette entries that open their page (at most OBJECT_SEARCH_LIMIT a kind). */
export function paletteEntries(lists: ObjectLists): PaletteEntry[] {
  const first = <T>(list: T[] | undefined) => (list ?? []).slice(0, OBJECT_SEARCH_LIMIT);
  return [
    ...first(lists.certificates).map((c): PaletteEntry => ({
      id: `object:certificate:${c.id}`,
      kind: 'object',
      name: c.name,
      group: 'Certificate',
      keywords: c.common_name ?? '',
      to: `/system/certificates/${c.id}`,
    })),
    ...first(lists.users).map((u): PaletteEntry => ({
      id: `object:user:${u.id}`,
      kind: 'object',
      name: u.full_name ? `${u.username} (${u.full_name})` : u.username,
      group: 'User',
      keywords: u.email,
      to: `/authentication/users/${u.id}`,
    })),
    ...first(lists.groups).map((g): PaletteEntry => ({
      id: `object:group:${g.id}`,
      kind: 'object',
      name: g.name,
      group: 'Group',
      keywords: g.description,
      to: `/authentication/groups/${g.id}`,
    })),
  ];
}

/** The objects matching the typed text that the session may read; loads the lists on the first search only. */
export function useObjectSearch(query: string): { entries: PaletteEntry[]; loading: boolean } {
  const settled = useDebouncedQuery(query);
  const user = useAppSelector((s) => s.session.user);
  const loggedIn = useAppSelector((s) => s.session.loggedIn);
  const may = (area: 'pki' | 'authentication') =>
    loggedIn && !!user && (user.role === 'admin' || allows(user.privileges, area, 'read'));
  const searching = settled !== '';
  const search = (list: { path: string }) =>
    keyOf(list, undefined, { page: '1', per_page: String(OBJECT_SEARCH_LIMIT), q: settled });
  const certificates = useResource<ResponseOf<typeof shell.listCertificates>>(
    search(shell.listCertificates),
    {
      skip: !searching || !may('pki'),
    },
  );
  const users = useResource<ResponseOf<typeof shell.listUsers>>(search(shell.listUsers), {
    skip: !searching || !may('authentication'),
  });
  const groups = useResource<ResponseOf<typeof shell.listGroups>>(search(shell.listGroups), {
    skip: !searching || !may('authentication'),
  });
  const entries = searching
    ? paletteEntries({
        certificates: may('pki') ? certificates.data?.data : undefined,
        users: may('authentication') ? users.data?.data : undefined,
        groups: may('authentication') ? groups.data?.data : undefined,
      })
    : [];
  const loading =
    searching &&
    [certificates, users, groups].some((r) => r.status === 'loading' || r.status === 'idle') &&
    entries.length === 0;
  return { entries, loading };
}
