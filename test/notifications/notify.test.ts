import { notify, toast } from '../../src/notifications/notify';

test.each([
  ['success', 2000],
  ['error', 4000],
  ['info', 2000],
  ['warning', -1],
  ['default', -1],
] as const)('a %s toast lasts %d ms (§9 shared component)', (level, duration) => {
  expect(toast(level, 'x').payload).toMatchObject({ kind: 'toast', level, message: 'x', duration });
});

test('shortcuts carry the title and an explicit duration wins', () => {
  expect(notify.success('Saved', 'Settings').payload).toMatchObject({
    level: 'success',
    title: 'Settings',
    duration: 2000,
  });
  expect(toast('info', 'Password changed', { duration: 10_000 }).payload.duration).toBe(10_000);
});
