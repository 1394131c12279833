/**
 * The accounts list (`GET {api}users`): paged, sorted, searched and filtered by SQLite over the stored columns and
 * keys (users migration 5), so ten thousand accounts answer with the page's rows only; the page's accounts then get
 * their groups.
 */
import type { Static } from '@sinclair/typebox';
import { ACCOUNT_STATES, type Account } from '../../shared/authentication';
import type { usersQuery } from '../../shared/contracts/authentication';
import type { ListPage } from '../../shared/contracts/listing';
import type { Db } from '../../storage/sqlite';
import { sqlPageOf } from '../http/listing';
import { findAccount } from './store';

/** An account's state in SQL, in the order `accountState` decides it (`:today`, `:locked` are bound). */
const STATE_SQL = `CASE WHEN enabled = 0 THEN 'disabled' WHEN expires_at IS NOT NULL AND expires_at < :today THEN 'expired'
  WHEN username IN (SELECT value FROM json_each(:locked)) THEN 'locked'
  WHEN must_change_password = 1 THEN 'pending' ELSE 'enabled' END`;

/** The states' rank as the list sorts them (`ACCOUNT_STATES`' order). */
const STATE_RANK_SQL = `CASE ${STATE_SQL} ${ACCOUNT_STATES.map((s, i) => `WHEN '${s}' THEN ${i}`).join(' ')} END`;

export function listAccountPage<U>(
  db: Db,
  query: Static<typeof usersQuery>,
  context: { today: string; locked: ReadonlySet<string> },
  map: (account: Account) => U,
): ListPage<U> {
  const locked = context.locked;
  return sqlPageOf<{ id: number }, U>(
    db,
    query,
    {
      from: 'FROM users',
      select: 'id',
      sort: {
        username: 'username_key',
        full_name: 'full_name_key',
        email: 'email_key',
        role: 'role',
        status: STATE_RANK_SQL,
        expires_at: 'expires_at',
        created_at: 'created_at',
      },
      defaultSort: 'username',
      tiebreak: 'username',
      search: 'search_text',
      filters: {
        role: (v) => ({ sql: 'role = ?', params: [v] }),
        status: (v) => ({ sql: `${STATE_SQL} = ?`, params: [v] }),
      },
      // `username` compares without case (its column's collation), as the lockout keys its names.
      named: { today: context.today, locked: JSON.stringify([...locked]) },
    },
    (row) => map(findAccount(db, row.id, locked)!),
  );
}
