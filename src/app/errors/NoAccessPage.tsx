/**
 * The one page for a page the signed-in account may not open (issues 26 and 39): opened by its address, it shows this
 * in the content area instead of the page, so nothing of the page is asked for (no data requests, no refused-request
 * toasts, no read-only notice). A page of an area the account may not read names the area and the privilege to ask
 * for; an administrators' page says so, the same words on every such page. A server render of it answers HTTP 403; a
 * client navigation shows the same page. An account that may read but not write an area gets the page itself with
 * its read-only notice.
 */
import { Link } from 'react-router';
import type { GatedAccess } from '../../shared/pageAccess';
import { AREA_LABELS, AREA_NAMES } from '../../shared/privileges';
import { useRenderStatus } from '../renderStatus';

/** The title of the page shown instead of a page of `access` (the document title says the same, routing/title.ts). */
export function noAccessTitle(access: GatedAccess): string {
  return access === 'admin' ? 'Administrators only' : `You do not have access to ${AREA_NAMES[access.area]}`;
}

function why(access: GatedAccess): string {
  if (access === 'admin')
    return 'This page holds settings of the appliance itself, which only an account with the admin role may see and change; no group grants them. Ask an administrator if you need something changed here.';
  const name = AREA_NAMES[access.area];
  const verb = access.need === 'write' ? 'changing' : 'reading';
  return `None of your groups grants ${verb} the ${name} area (${AREA_LABELS[access.area]}), so this page is not shown to you. An administrator can give one of your groups the ${access.need} privilege of this area.`;
}

export function NoAccessPage({ access }: { access: GatedAccess }) {
  useRenderStatus(403);
  return (
    <section className="page no-access" aria-labelledby="no-access-title">
      <div className="error-page__card no-access__card">
        <p className="error-page__status" aria-hidden="true">
          403
        </p>
        <h1 id="no-access-title">{noAccessTitle(access)}</h1>
        <p>{why(access)}</p>
        <p>
          <Link to="/" className="button button--primary">
            Back to the home page
          </Link>
        </p>
      </div>
    </section>
  );
}
