/**
 * The alert engine's transitions, with checks of the test's own: one alert per subject, fired once while it holds,
 * escalated when it becomes more severe (a certificate crossing from 30 to 7 days), never when it calms down,
 * resolved when it stops.
 */
import { openDatabase } from '../../../src/storage/sqlite';
import { AlertEngine } from '../../../src/appliance/alerts/engine';
import type { Finding } from '../../../src/appliance/alerts/findings';

const finding = (severity: Finding['severity']): Finding => ({
  key: 'certificate:c1',
  kind: 'certificate_expiry',
  severity,
  subject: 'www.example.test',
  summary: 'Certificate www.example.test ends soon',
  link: '/system/certificates/c1',
});

test('a held alert is escalated when it becomes more severe, and only then', async () => {
  const db = openDatabase(':memory:');
  // The engine's migrations add its pages to a seeded menu; this database has an empty one.
  db.exec('CREATE TABLE menu_groups (id TEXT PRIMARY KEY)');
  let now = 1_000;
  let current: Finding[] = [finding('info')];
  const engine = new AlertEngine(db, [() => current], () => now);
  const changes = async () => (await engine.evaluate()).map((t) => [t.change, t.alert.severity]);

  expect(await changes()).toEqual([['fired', 'info']]);
  now += 1_000;
  expect(await changes()).toEqual([]);
  current = [finding('warning')];
  expect(await changes()).toEqual([['escalated', 'warning']]);
  current = [finding('critical')];
  expect(await changes()).toEqual([['escalated', 'critical']]);
  // Calmer again (an admin raised the steps): the alert follows, the channels are not told.
  current = [finding('warning')];
  expect(await changes()).toEqual([]);
  expect(engine.get('certificate:c1')).toMatchObject({
    severity: 'warning',
    state: 'firing',
    first_seen: 1_000,
  });
  current = [];
  expect(await changes()).toEqual([['resolved', 'warning']]);
  db.close();
});
