/**
 * Read-only configuration pages: an account whose groups grant only the read privilege of a page's area sees the
 * page with every control that would change something disabled, and a notice saying why. A page wraps its content
 * in `<AreaAccess area="dns">`; the shared parts (ApplyHeader, ListSection) and the page's forms (`WritableFieldset`)
 * read the flag.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Area } from '../../../../shared/privileges';
import { useCanWrite } from '../../../../store/usePrivilege';

const ReadOnlyContext = createContext(false);

/** True inside a page the account may only read. */
export const useReadOnly = () => useContext(ReadOnlyContext);

export function AreaAccess({ area, children }: { area: Area; children: ReactNode }) {
  const canWrite = useCanWrite(area);
  return <ReadOnlyScope readOnly={!canWrite}>{children}</ReadOnlyScope>;
}

/** A page inside its area's access: `export const CaListPage = inArea('pki', CaList)`. */
export function inArea<P extends object>(area: Area, Page: ComponentType<P>) {
  function InArea(props: P) {
    return (
      <AreaAccess area={area}>
        <Page {...props} />
      </AreaAccess>
    );
  }
  InArea.displayName = `InArea(${Page.displayName ?? Page.name})`;
  return InArea;
}

/** A part of a page the account may only read for a reason of the page's own (e.g. changed by admins only). */
export function ReadOnlyScope({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={readOnly}>{children}</ReadOnlyContext.Provider>;
}

/** The notice of a read-only page (nothing when the account may change it); `text` says why where groups do not. */
export function ReadOnlyNotice({ text }: { text?: string }) {
  if (!useReadOnly()) return null;
  return (
    <p className="page__notice" role="status" data-testid="read-only-notice">
      {text ?? 'You can view these settings but not change them: your groups grant read access only.'}
    </p>
  );
}

/** A form's controls, disabled together on a read-only page. */
export function WritableFieldset({ children }: { children: ReactNode }) {
  const readOnly = useReadOnly();
  return (
    <fieldset className="config-fieldset" disabled={readOnly}>
      {children}
    </fieldset>
  );
}
