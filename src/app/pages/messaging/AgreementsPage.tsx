/**
 * /messaging/agreements: where the console (often embedded in a parent portal's frame) asks the user to accept
 * pending agreements. The agreement modal itself is the notification center's; this page says where things stand.
 */
import { useAppSelector } from '../../../store/createStore';

export function AgreementsPage() {
  const status = useAppSelector((s) => s.notifications.messages);
  const agreements = useAppSelector((s) => s.notifications.agreements);
  const enabled = useAppSelector((s) => !!s.config.apiBase && s.config.notifications);
  const pending = agreements.filter((a) => !a.dismissed);
  const declined = agreements.filter((a) => a.dismissed);
  let text: string;
  if (!enabled) text = 'Messaging is turned off on this console.';
  else if (status === 'loading' || status === 'idle') text = 'Loading your agreements…';
  else if (status === 'failed') text = 'Your agreements could not be loaded. Reload the page to try again.';
  else if (pending.length > 0)
    text = `You have ${pending.length} agreement${pending.length === 1 ? '' : 's'} to review before you continue.`;
  else if (declined.length > 0)
    text = `You declined ${declined.length === 1 ? 'an agreement' : `${declined.length} agreements`}. You can log out or reload the page to review ${declined.length === 1 ? 'it' : 'them'} again.`;
  else text = 'You have accepted all agreements.';
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title">Agreements</h1>
      </header>
      <p className="page__notice" role="status">
        {text}
      </p>
    </section>
  );
}
