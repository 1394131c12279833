/** The alert pages are the administrators': another account opening one by its address gets this (HTTP 403). */
import { Link } from 'react-router';
import { useRenderStatus } from '../../renderStatus';

export function AdminsOnly({ what }: { what: string }) {
  useRenderStatus(403);
  return (
    <section className="page no-access" aria-labelledby="admins-only-title">
      <div className="error-page__card no-access__card">
        <p className="error-page__status" aria-hidden="true">
          403
        </p>
        <h1 id="admins-only-title">{what} are for administrators</h1>
        <p>Only an administrator sees the appliance’s alerts and where they are sent.</p>
        <p>
          <Link to="/" className="button button--primary">
            Back to the home page
          </Link>
        </p>
      </div>
    </section>
  );
}
