/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, within } from '@testing-library/react';
import { HomePage } from '../../../../src/app/pages/home/HomeDashboard';
import { STATUS_REFRESH_MS } from '../../../../sagas/networkLive.saga';
import { fakeApi } from '../../../sagas/fakes';
import { seriousViolations } from '../../../widgets/support/axe';
import { renderPage, status } from '../network/support';

describe('home dashboard', () => {
  test('shows the machine status, the disk doughnut, services and events linking into the log report', async () => {
    const { api } = fakeApi({ 'GET /api/system/status': () => status });
    const { view } = renderPage(<HomePage />, { api });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the status');
    expect(await screen.findByRole('region', { name: 'CPU busy' })).toHaveTextContent('12.5');
    expect(screen.getByRole('region', { name: 'Memory used' })).toHaveTextContent('75');
    expect(screen.getByText('1.2.0')).toBeInTheDocument();
    expect(screen.getByText('1d 1h 1m')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: /Disk of \/var\/lib\/rampart/ })).toHaveTextContent('75 %');
    const services = within(screen.getByRole('region', { name: 'Services' }));
    expect(services.getByRole('row', { name: /Syslog receiver off/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'auth' })).toHaveAttribute(
      'href',
      '/logs/overview?services=auth',
    );
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  test('refreshes while open and stops when left', async () => {
    jest.useFakeTimers();
    try {
      const { api, calls } = fakeApi({ 'GET /api/system/status': () => status });
      const { view } = renderPage(<HomePage />, { api });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(STATUS_REFRESH_MS * 2 + 10);
      });
      expect(calls).toHaveLength(3);
      view.unmount();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(STATUS_REFRESH_MS * 3);
      });
      expect(calls).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });

  test('says so when the status cannot be read', async () => {
    const { api } = fakeApi({});
    renderPage(<HomePage />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be read');
  });
});
