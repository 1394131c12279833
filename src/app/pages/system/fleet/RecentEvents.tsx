/**
 * An appliance's recent events (alerts fired and resolved, audit records) on its page: the newest 50, asked again
 * every few seconds like its live state (new ones come on top), and "Older events" appending the next 50 (`before`
 * = the last page's `next_before`). Loads go through the resources saga, so a failure takes the one error path and
 * the list says it with "Try again". What an appliance wrote is shown as text.
 */
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/format';
import type { FleetStoredEvent } from '../../../../shared/contracts/fleetStates';
import { useResource } from '../../../../store/useResource';
import { Loader } from '../../../../widgets/Loader';
import { reasonOf } from '../../common/entity/EntityDetailPage';
import { eventWords, fleetEventsKey, followNewest, type EventsPage } from './events';
import { usePolling } from './usePolling';

function EventRow({ event }: { event: FleetStoredEvent }) {
  const words = eventWords(event);
  return (
    <li className="fleet-event">
      <time className="fleet-event__time" dateTime={new Date(event.at).toISOString()}>
        {formatDateTime(event.at, { seconds: true })}
      </time>
      <span className="fleet-event__kind">{words.kind}</span>
      <span
        className={`fleet-event__severity fleet-event__severity--${words.severityTone ?? (words.failed ? 'failed' : 'none')}`}
      >
        {words.severity ?? (words.failed ? 'Failed' : '')}
      </span>
      <span className="fleet-event__text">
        {words.text}
        {words.detail ? <span className="fleet-event__detail">{words.detail}</span> : null}
      </span>
    </li>
  );
}

/** Says a failed load of the events and offers it again. */
function LoadFailed({ what, status, retry }: { what: string; status?: number; retry: () => void }) {
  return (
    <div className="fleet-events__failed">
      <p role="alert">{`${what} could not be loaded: ${reasonOf(status)}`}</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** One older page: its rows once loaded (it loads when first shown). */
function OlderRows({ id, before }: { id: string; before: number }) {
  const page = useResource<EventsPage>(fleetEventsKey(id, before));
  return (
    <>
      {page.data?.data.map((e) => (
        <EventRow key={e.seq} event={e} />
      ))}
    </>
  );
}

export function RecentEvents({ id }: { id: string }) {
  // An appliance the manager does not know is the page's own 404: no toast for its events as well.
  const newest = useResource<EventsPage>(fleetEventsKey(id), { notFoundIsPage: true });
  usePolling(fleetEventsKey(id), newest.status === 'loaded');
  // The older pages asked for (their `before`), and the newest events read since the first of them was.
  const [older, setOlder] = useState<number[]>([]);
  const [held, setHeld] = useState<FleetStoredEvent[]>([]);
  const [merged, setMerged] = useState<EventsPage | undefined>(newest.data);
  // Each newest page read is merged into what is held (while older pages are shown), as it comes.
  if (newest.data !== merged) {
    setMerged(newest.data);
    if (older.length && newest.data) {
      const next = followNewest(held, newest.data);
      setHeld(next ?? []);
      if (!next) setOlder([]);
    }
  }
  const last = useResource<EventsPage>(older.length ? fleetEventsKey(id, older[older.length - 1]) : '', {
    skip: true,
  });

  if (!newest.data) {
    if (newest.status === 'failed')
      return <LoadFailed what="The events" status={newest.error?.status} retry={newest.reload} />;
    return <Loader label="Loading the events…" />;
  }
  const head = older.length ? held : newest.data.data;
  if (!head.length) return <p className="config-section__description">No events yet.</p>;
  const nextBefore = older.length ? last.data?.next_before : newest.data.next_before;
  return (
    <>
      <ol className="fleet-events" aria-label="Events, newest first">
        {head.map((e) => (
          <EventRow key={e.seq} event={e} />
        ))}
        {older.map((before) => (
          <OlderRows key={before} id={id} before={before} />
        ))}
      </ol>
      {older.length && last.status === 'failed' ? (
        <LoadFailed what="The older events" status={last.error?.status} retry={last.reload} />
      ) : older.length && last.status !== 'loaded' ? (
        <Loader size="small" label="Loading older events…" />
      ) : typeof nextBefore === 'number' ? (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              if (!older.length) setHeld(newest.data?.data ?? []);
              setOlder([...older, nextBefore]);
            }}
          >
            Older events
          </button>
        </p>
      ) : null}
    </>
  );
}
