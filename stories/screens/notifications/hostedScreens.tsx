/**
 * The agreement modal and the windows manager as screens whose actor their saga hosts, for the stories that show a
 * screen beside its live statechart (and the test that checks the two move together).
 */
import { withCall, type ApiClient, type ApiResponse, type RequestOptions } from '../../../src/api/client';
import { agreementsSaga } from '../../../sagas/messaging.saga';
import { windowsSaga } from '../../../sagas/windows.saga';
import { NotificationCenter } from '../../../src/notifications/NotificationCenter';
import type { Inspect } from '../../../src/qa/inspect';
import { useAppDispatch } from '../../../src/store/createStore';
import { registerWindowContent } from '../../../src/windows/registry';
import { WindowsHub } from '../../../src/windows/WindowsHub';
import { closeWindow, openWindow } from '../../../src/store/slices/windows.slice';
import { offlineApi } from '../../support/StoryProviders';
import { HostedScreen } from '../../support/HostedScreen';
import { notificationsState, terms } from './state';

registerWindowContent('StoryTail', ({ data }) => (
  <ul>
    {Array.from({ length: 4 }, (_v, i) => (
      <li key={i}>
        12:0{i} {String(data?.service ?? 'sshd')}: accepted publickey for admin
      </li>
    ))}
  </ul>
));

/**
 * An API client whose acknowledgements answer after `delayMs` (the modal shows "Accepting…" meanwhile). The saga
 * acknowledges through `api.call(shell.ackMessage, …)`, which sends a POST through `request`.
 */
export function acknowledgingApi(delayMs = 800): ApiClient {
  const answer = <T,>() =>
    new Promise<ApiResponse<T>>((resolve) =>
      setTimeout(() => resolve({ status: 200, data: {} as T, headers: new Headers() }), delayMs),
    );
  const { call: _offline, ...offline } = offlineApi;
  return withCall({
    ...offline,
    post: answer,
    request: <T,>(url: string, options?: RequestOptions) =>
      options?.method === 'POST' ? answer<T>() : offline.request<T>(url, options),
  });
}

export const storyAgreement = {
  localId: 'ag',
  id: '1',
  version_id: '1',
  kind: 'agreement' as const,
  level: 'default' as const,
  title: 'Terms of use',
  message: terms,
  duration: -1,
};

/** The notification center with one pending agreement: the messaging saga runs its agreement machine. */
export function AgreementScreen({
  inspect,
  api = acknowledgingApi(),
}: {
  inspect: Inspect;
  api?: ApiClient;
}) {
  return (
    // The transform keeps the modal's fixed backdrop over the screen, so the chart beside it stays usable.
    <div style={{ transform: 'translateZ(0)', minHeight: 'calc(100vh - 2rem)' }}>
      <HostedScreen
        sagas={[agreementsSaga]}
        inspect={inspect}
        api={api}
        state={notificationsState({ agreements: [storyAgreement] })}
      >
        <p>The console under the agreement.</p>
        <NotificationCenter />
      </HostedScreen>
    </div>
  );
}

function WindowButtons() {
  const dispatch = useAppDispatch();
  const open = (id: string, title: string, patch: object = {}) =>
    dispatch(openWindow({ id, componentName: 'StoryTail', title, data: { service: id }, ...patch }));
  return (
    <p style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      <button type="button" className="button" onClick={() => open('sshd', 'Live log: sshd')}>
        Open sshd log (right)
      </button>
      <button type="button" className="button" onClick={() => open('dns', 'Live log: dns')}>
        Open dns log (right)
      </button>
      <button
        type="button"
        className="button"
        onClick={() => open('jobs', 'Job: update', { aspect: 'floating', position: { x: 40, y: 160 } })}
      >
        Open a floating job window
      </button>
      <button type="button" className="button" onClick={() => dispatch(closeWindow('sshd'))}>
        Close sshd log
      </button>
    </p>
  );
}

/** The windows hub and buttons that open windows: the windows saga's actor decides every change. */
export function WindowsManagerScreen({ inspect }: { inspect: Inspect }) {
  return (
    <HostedScreen sagas={[windowsSaga]} inspect={inspect} state={notificationsState()}>
      {/* Above the page, so windows docked over the narrow page never hide them. */}
      <WindowButtons />
      <div className="core-layout__body" style={{ minHeight: '32rem', transform: 'translateZ(0)' }}>
        <main className="core-layout__content">
          <h1>Page content</h1>
          <p>The windows open over this page, as they do over the console.</p>
        </main>
        <WindowsHub />
      </div>
    </HostedScreen>
  );
}
