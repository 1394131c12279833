import { seedAccounts, seedCertificates } from './bench/scaleSeed';
import { adminAgent, startServer } from './appliance/support/harness';

it('cpu profile of list request', async () => {
  const h = await startServer();
  const admin = await adminAgent(h);
  seedAccounts(h.ctx.db, 10000);
  await seedCertificates(h.ctx.db, 10000);
  const inspector = await import('node:inspector/promises');
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  for (const url of ['/api/pki/certificates?page=1&per_page=50&sort=not_after', '/api/users?page=1&per_page=50&sort=username']) {
    await admin.get(url);
    await session.post('Profiler.start');
    for (let i = 0; i < 10; i++) await admin.get(url);
    const { profile } = (await session.post('Profiler.stop')) as any;
    const self = new Map<string, number>();
    const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
    const counts = new Map<number, number>();
    for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
    for (const [id, c] of counts) {
      const f = byId.get(id).callFrame;
      const k = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}`;
      self.set(k, (self.get(k) ?? 0) + c);
    }
    const total = profile.samples.length;
    console.log(url, total, [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 18).map(([k, c]) => `${((100 * c) / total).toFixed(1)}% ${k}`).join('\n'));
  }
  await h.close();
}, 300_000);
