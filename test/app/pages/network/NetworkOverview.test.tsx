/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, within } from '@testing-library/react';
import { NetworkOverviewPage } from '../../../../src/app/pages/network/NetworkOverview';
import { networkSlice } from '../../../../src/store/slices/network.slice';
import { seriousViolations } from '../../../widgets/support/axe';
import { eth0, FakeEventSource, lo, renderPage, signedInInterfaces } from './support';

const state = (signedIn: boolean, data = signedIn ? signedInInterfaces : [eth0, lo]) => ({
  network: {
    ...networkSlice.getInitialState(),
    interfaces: { status: 'loaded' as const, signedIn, data },
  },
});

describe('network overview', () => {
  test('anonymous visitors get no MAC or address column and are told why', async () => {
    const { view } = renderPage(<NetworkOverviewPage />, { state: state(false) });
    const table = screen.getByRole('table', { name: /Interfaces of this machine/ });
    expect(within(table).queryByRole('columnheader', { name: 'MAC' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Addresses' })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('MAC and IP addresses are hidden');
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  test('signed-in users see MAC and addresses', () => {
    renderPage(<NetworkOverviewPage />, { state: state(true) });
    const row = screen.getByRole('row', { name: /^eth0/ });
    expect(row).toHaveTextContent('02:42:ac:11:00:02');
    expect(row).toHaveTextContent('192.0.2.10/24');
    expect(screen.queryByText(/addresses are hidden/)).toBeNull();
  });

  test('live samples from the stream update the rates and totals (loopback left out of the totals)', () => {
    renderPage(<NetworkOverviewPage />, { state: state(false) });
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/eos/network/stream');
    expect(screen.getByText('Connecting to the live counters…')).toBeInTheDocument();
    source.emit('sample', {
      t: 2000,
      interfaces: [
        { name: 'eth0', rxBytes: 5_250_000, txBytes: 1_000_500, rxRate: 250_000, txRate: 500 },
        { name: 'lo', rxBytes: 1, txBytes: 1, rxRate: 9_000_000, txRate: 9_000_000 },
      ],
    });
    expect(screen.getByText('Live: counters update every second.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /^eth0/ });
    expect(row).toHaveTextContent('5.25 MB');
    expect(row).toHaveTextContent('250 KB/s');
    const receiving = screen.getByRole('region', { name: 'Receiving' });
    expect(receiving).toHaveTextContent('250');
    expect(receiving).toHaveTextContent('KB/s');
  });

  test('a sample that does not fit the throughput stream’s contract is dropped and reported once; later ones show', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage(<NetworkOverviewPage />, { state: state(false) });
    const source = FakeEventSource.last!;
    source.emit('sample', {
      t: 1000,
      interfaces: [{ name: 'eth0', rxBytes: '5 MB', txBytes: 1, rxRate: null, txRate: null }],
    });
    source.emit('sample', 'not json');
    expect(screen.getByText('Connecting to the live counters…')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(
      /network\/stream: a "sample" event did not fit its contract and was dropped \(\/interfaces\/0\/rxBytes: must be number\)/,
    );
    source.emit('sample', {
      t: 2000,
      interfaces: [{ name: 'eth0', rxBytes: 5_250_000, txBytes: 1, rxRate: 250_000, txRate: null }],
    });
    expect(screen.getByRole('row', { name: /^eth0/ })).toHaveTextContent('5.25 MB');
    warn.mockRestore();
  });

  test('a refused stream and an unreadable interface list say so', () => {
    renderPage(<NetworkOverviewPage />, {
      state: {
        network: {
          ...networkSlice.getInitialState(),
          interfaces: { status: 'failed', signedIn: false, data: [] },
        },
      },
    });
    const source = FakeEventSource.last!;
    source.readyState = 2;
    source.emit('error', {});
    expect(screen.getByText(/stream was refused/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be read');
  });

  test('leaving the page closes the stream', () => {
    const { view } = renderPage(<NetworkOverviewPage />, { state: state(false) });
    const source = FakeEventSource.last!;
    view.unmount();
    expect(source.closed).toBe(true);
  });
});
