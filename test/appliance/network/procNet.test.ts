import {
  cpuPercent,
  parseCpuTimes,
  parseNetDev,
  ratePerSecond,
} from '../../../src/appliance/network/procNet';
import { ratesFrom } from '../../../src/appliance/network/samples';
import { parseResolvConf } from '../../../src/appliance/network/preferences';
import { publicView } from '../../../src/appliance/network/routes';

const NET_DEV = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: 618679465   73671    0    0    0     0          0         0 618679465   73671    0    0    0     0       0          0
  eth0: 445311947   17908    3    1    0     0          0         0  2240056   14908    2    4    0     0       0          0
 broken: 1 2 3
`;

describe('parseNetDev', () => {
  it('reads each interface with 16 counters and skips the headers and malformed lines', () => {
    expect(parseNetDev(NET_DEV)).toEqual([
      {
        name: 'lo',
        rxBytes: 618679465,
        rxPackets: 73671,
        rxErrors: 0,
        rxDropped: 0,
        txBytes: 618679465,
        txPackets: 73671,
        txErrors: 0,
        txDropped: 0,
      },
      {
        name: 'eth0',
        rxBytes: 445311947,
        rxPackets: 17908,
        rxErrors: 3,
        rxDropped: 1,
        txBytes: 2240056,
        txPackets: 14908,
        txErrors: 2,
        txDropped: 4,
      },
    ]);
  });
  it.each(['', 'garbage', 'x: a b c d e f g h i j k l m n o p'])('gives nothing for %j', (text) => {
    expect(parseNetDev(text)).toEqual([]);
  });
});

describe('CPU times', () => {
  it('counts idle and iowait as not busy', () => {
    expect(parseCpuTimes('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 1 2 3 4\n')).toEqual({
      busy: 150,
      total: 1000,
    });
  });
  it.each(['', 'cpu0 1 2 3 4', 'cpu  a b c d'])('gives null for %j', (text) => {
    expect(parseCpuTimes(text)).toBeNull();
  });
  it('turns two readings into a share, null without time passing', () => {
    expect(cpuPercent({ busy: 100, total: 1000 }, { busy: 150, total: 1100 })).toBe(50);
    expect(cpuPercent({ busy: 100, total: 1000 }, { busy: 100, total: 1000 })).toBeNull();
  });
});

describe('rates', () => {
  it.each([
    [0, 1000, 2, 500],
    [1000, 1000, 1, 0],
    [1000, 10, 1, null], // counter reset
    [0, 10, 0, null],
  ])('from %d to %d over %d s is %p', (a, b, s, rate) => {
    expect(ratePerSecond(a, b, s)).toBe(rate);
  });

  it('skips intervals where a counter went back and keeps exact totals when thinning', () => {
    const rows = [
      { ts: 0, rx_bytes: 0, tx_bytes: 0 },
      { ts: 10, rx_bytes: 100, tx_bytes: 10 },
      { ts: 20, rx_bytes: 5, tx_bytes: 5 }, // reboot
      { ts: 30, rx_bytes: 105, tx_bytes: 25 },
    ];
    expect(ratesFrom(rows)).toEqual({
      points: [
        { t: 10, rx: 10, tx: 1 },
        { t: 30, rx: 10, tx: 2 },
      ],
      rxTotal: 200,
      txTotal: 30,
    });
    const many = Array.from({ length: 2001 }, (_, i) => ({
      ts: i * 60,
      rx_bytes: i * 600,
      tx_bytes: i * 60,
    }));
    const thinned = ratesFrom(many);
    expect(thinned.points.length).toBeLessThanOrEqual(500);
    expect(thinned.rxTotal).toBe(2000 * 600);
    expect(thinned.points.every((p) => p.rx === 10 && p.tx === 1)).toBe(true);
  });
});

describe('parseResolvConf', () => {
  it('keeps valid name servers (at most three) and the first search domain', () => {
    expect(
      parseResolvConf(
        '# c\nsearch lan example\nnameserver 10.0.0.1\nnameserver bogus\nnameserver ::1\nnameserver 1.1.1.1\nnameserver 8.8.8.8\n',
      ),
    ).toEqual({ nameservers: ['10.0.0.1', '::1', '1.1.1.1'], search: 'lan' });
  });
});

describe('publicView', () => {
  const iface = {
    name: 'eth0',
    rxBytes: 1,
    rxPackets: 1,
    rxErrors: 0,
    rxDropped: 0,
    txBytes: 1,
    txPackets: 1,
    txErrors: 0,
    txDropped: 0,
    state: 'up',
    mtu: 1500,
    speedMbps: 1000,
    mac: '02:42:ac:11:00:02',
    loopback: false,
    addresses: [{ address: '10.1.2.3', family: 'IPv4' as const, prefix: 24 }],
  };
  it('drops MAC and addresses for anonymous visitors only', () => {
    expect(publicView(iface, false)).not.toHaveProperty('mac');
    expect(publicView(iface, false)).not.toHaveProperty('addresses');
    expect(publicView(iface, true)).toEqual(iface);
  });
});
