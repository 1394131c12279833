/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { AgreementsPage } from '../../src/app/pages/messaging/AgreementsPage';
import type { NotificationsState } from '../../src/store/slices/notifications.slice';
import { fakeApi, makeTestStore } from '../sagas/fakes';

const agreement = (localId: string, dismissed = false) => ({
  localId,
  id: localId,
  kind: 'agreement' as const,
  level: 'default' as const,
  message: 't',
  duration: -1,
  dismissed,
});

test.each<[Partial<NotificationsState>, object, string]>([
  [{ messages: 'loading' }, {}, 'Loading your agreements…'],
  [{ messages: 'failed' }, {}, 'Your agreements could not be loaded. Reload the page to try again.'],
  [
    { messages: 'loaded', agreements: [agreement('a'), agreement('b')] },
    {},
    'You have 2 agreements to review before you continue.',
  ],
  [
    { messages: 'loaded', agreements: [agreement('a', true)] },
    {},
    'You declined an agreement. You can log out or reload the page to review it again.',
  ],
  [{ messages: 'loaded' }, {}, 'You have accepted all agreements.'],
  [{ messages: 'failed' }, { notifications: false }, 'Messaging is turned off on this console.'],
])('%j says where things stand', (notifications, config, text) => {
  const store = makeTestStore({
    api: fakeApi({}).api,
    config,
    state: {
      notifications: {
        toasts: [],
        banners: [],
        agreements: [],
        stickyErrors: [],
        agreementModal: null,
        messages: 'idle',
        ...notifications,
      },
    },
  });
  render(
    <Provider store={store}>
      <AgreementsPage />
    </Provider>,
  );
  expect(screen.getByRole('heading', { name: 'Agreements' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(text);
});
