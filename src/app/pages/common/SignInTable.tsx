/** An account's sign-ins, newest first as the appliance lists them: time, source, method and result. */
import { formatDateTime } from '../../../lib/format';
import { DataTable } from '../../../widgets/DataTable';
import type { LoginRecord } from '../../../shared/contracts/authentication';

/** One sign-in as the contract's login record (an account's `login_history`, your own sign-ins' `data`). */
export type SignIn = LoginRecord;

export function SignInTable({
  caption,
  signIns,
  methodName = (method) => method,
  maxHeight,
}: {
  caption: string;
  signIns: readonly SignIn[];
  /** The method in words (default: as the appliance names it). */
  methodName?: (method: string) => string;
  maxHeight: number;
}) {
  return (
    <section className="config-section" aria-label={caption}>
      <DataTable
        caption={caption}
        showCaption
        legend={[{ title: 'Time' }, { title: 'Source' }, { title: 'Method' }, { title: 'Result' }]}
        rows={signIns.map((r, i) => ({
          id: String(i),
          items: [
            { value: formatDateTime(r.at, { seconds: true }), sortValue: r.at },
            { value: r.source },
            { value: methodName(r.method) },
            { value: r.success ? 'Signed in' : 'Failed', statusBullColor: r.success ? 'green' : 'red' },
          ],
        }))}
        searchLabel="Search sign-ins"
        emptyMessage="No sign-ins recorded."
        maxHeight={maxHeight}
      />
    </section>
  );
}
