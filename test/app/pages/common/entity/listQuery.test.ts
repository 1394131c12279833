/** A list page's URL → the list endpoint's query and the resource key the prefetch and the page both read. */
import { usersQuery } from '../../../../../src/shared/contracts/authentication';
import { listFleetAppliances } from '../../../../../src/shared/contracts/fleetEnrolment';
import {
  filtersOf,
  listKey,
  listParams,
  sortsOf,
  type ListSource,
} from '../../../../../src/app/pages/common/entity/listQuery';

const USERS: ListSource = { resource: 'users', query: usersQuery, defaultSort: 'username' };
const url = (query: string) => new URLSearchParams(query);

test('reads the sorts and the filters with their values from the contract', () => {
  expect(sortsOf(usersQuery)).toContain('-created_at');
  expect(filtersOf(usersQuery)).toEqual({
    role: ['admin', 'user'],
    status: ['enabled', 'pending', 'locked', 'expired', 'disabled'],
  });
});

test('fills in page, size and the default sort, and keys the page with its parameters in one order', () => {
  expect(listParams(USERS, url(''))).toEqual({ page: '1', per_page: '50', sort: 'username' });
  // Whatever order the address gives, the server's prefetch and the browser read the same key.
  expect(listKey(USERS, url('role=admin&page=2&q=ann'))).toBe(
    'users?page=2&per_page=50&q=ann&role=admin&sort=username',
  );
  expect(listKey(USERS, url('q=ann&page=2&role=admin'))).toBe(listKey(USERS, url('role=admin&page=2&q=ann')));
});

test.each([
  ['a sort the contract does not have', 'sort=password_hash', { sort: 'username' }],
  ['a filter value it does not have', 'role=root', {}],
  ['a parameter it does not take', 'limit=5', {}],
  ['page 0', 'page=0', { page: '1' }],
  ['a page size it does not offer', 'per_page=9999', { per_page: '50' }],
  ['a blank search', 'q=%20%20', {}],
])('leaves out %s instead of sending it', (_what, query, expected) => {
  const params = listParams(USERS, url(query));
  expect(params).toEqual({ page: '1', per_page: '50', sort: 'username', ...expected });
});

test('a filter written as a string enum (stringEnum) keeps its values: one it does not have is left out', () => {
  const source: ListSource = { resource: 'fleet/appliances', query: listFleetAppliances.query! };
  expect(filtersOf(listFleetAppliances.query!).presence).toEqual(['online', 'offline', 'never']);
  expect(listParams(source, url('presence=offline')).presence).toBe('offline');
  expect(listParams(source, url('presence=sometimes'))).not.toHaveProperty('presence');
});
