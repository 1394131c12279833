/** Who may call a route, as data and in words (what the OpenAPI document and the console state). */
import { describeAccess, neededPrivilege } from '../../src/shared/access';

it('needs an area’s read privilege to read and its write privilege for everything else, unless the route says', () => {
  expect(neededPrivilege({}, 'GET')).toBe('read');
  expect(neededPrivilege({}, 'HEAD')).toBe('read');
  expect(neededPrivilege({}, 'POST')).toBe('write');
  expect(neededPrivilege({}, 'DELETE')).toBe('write');
  expect(neededPrivilege({ need: 'read' }, 'POST')).toBe('read');
});

it('says who may call a route in words', () => {
  expect(describeAccess('public', 'GET')).toBe('anyone');
  expect(describeAccess('session', 'POST')).toBe('any signed-in account');
  expect(describeAccess('admin', 'PUT')).toBe('admins only');
  expect(describeAccess({ area: 'dns' }, 'GET')).toBe('the read privilege of the dns area (admins always)');
  expect(describeAccess({ area: 'dns' }, 'PUT')).toBe('the write privilege of the dns area (admins always)');
  expect(describeAccess({ resolved: 'the area of the confirmation’s service' }, 'POST')).toBe(
    'the write privilege of the area of the confirmation’s service (admins always)',
  );
});
