import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createLiveHub, sampleFrom } from '../../../src/appliance/network/live';
import { registerNetworkStream } from '../../../src/appliance/network/routes';
import type { InterfaceCounters } from '../../../src/appliance/network/procNet';
import { openSse } from '../logs/sseClient';

const counters = (rx: number): InterfaceCounters[] => [
  {
    name: 'eth0',
    rxBytes: rx,
    rxPackets: 0,
    rxErrors: 0,
    rxDropped: 0,
    txBytes: 0,
    txPackets: 0,
    txErrors: 0,
    txDropped: 0,
  },
];

describe('live throughput', () => {
  test('rates come from the previous reading; a reset counter gives no rate', () => {
    expect(sampleFrom(null, 1000, counters(10)).interfaces[0].rxRate).toBeNull();
    expect(sampleFrom({ t: 1000, counters: counters(10) }, 3000, counters(2010)).interfaces[0].rxRate).toBe(
      1000,
    );
    expect(
      sampleFrom({ t: 1000, counters: counters(10) }, 2000, counters(5)).interfaces[0].rxRate,
    ).toBeNull();
  });

  describe('over HTTP', () => {
    let app: FastifyInstance;
    let origin: string;
    let reads = 0;
    const hub = createLiveHub(
      () => {
        reads += 1;
        return counters(reads * 100);
      },
      { intervalMs: 50, maxClients: 1 },
    );
    beforeAll(async () => {
      app = Fastify();
      registerNetworkStream(app, hub);
      app.addHook('preClose', async () => hub.closeAll());
      await app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => app.close());

    test('refuses listeners past the limit, reads only while someone listens, and ends streams on close', async () => {
      const first = await openSse(`${origin}/network/stream`);
      await first.waitFor((e) => e.length >= 3);
      const second = await openSse(`${origin}/network/stream`);
      expect(second.status).toBe(503);
      expect(second.headers['retry-after']).toBe('30');
      second.close();

      first.close();
      await first.closed;
      await new Promise((r) => setTimeout(r, 100));
      const idle = reads;
      await new Promise((r) => setTimeout(r, 200));
      expect(reads).toBe(idle); // no listener, no reading
      expect(hub.clients).toBe(0);

      const third = await openSse(`${origin}/network/stream`);
      await third.waitFor((e) => e.length >= 1);
      hub.closeAll();
      await third.closed;
      expect(third.events[third.events.length - 1].event).toBe('end');
    });
  });
});
