/**
 * The one page for an area the signed-in account may not read (issue 26): a page of that area opened by its address
 * shows this in the content area instead of the page, so nothing of the area is asked for (no data requests, no
 * refused-request toasts, no read-only notice). A server render of it answers HTTP 403; a client navigation shows the
 * same page. An account that may read but not write the area gets the page itself with its read-only notice.
 */
import { Link } from 'react-router';
import { AREA_LABELS, AREA_NAMES, type Area } from '../../shared/privileges';
import { useRenderStatus } from '../renderStatus';

export const noAccessTitle = (area: Area) => `You do not have access to ${AREA_NAMES[area]}`;

export function NoAccessPage({ area }: { area: Area }) {
  useRenderStatus(403);
  // The document title says the same (routing/title.ts, from the route's area).
  const title = noAccessTitle(area);
  return (
    <section className="page no-access" aria-labelledby="no-access-title">
      <div className="error-page__card no-access__card">
        <p className="error-page__status" aria-hidden="true">
          403
        </p>
        <h1 id="no-access-title">{title}</h1>
        <p>
          None of your groups grants reading the {AREA_NAMES[area]} area ({AREA_LABELS[area]}), so this page
          is not shown to you. An administrator can give one of your groups the read privilege of this area.
        </p>
        <p>
          <Link to="/" className="button button--primary">
            Back to the home page
          </Link>
        </p>
      </div>
    </section>
  );
}
