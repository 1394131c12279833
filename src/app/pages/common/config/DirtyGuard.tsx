/**
 * Leaving a configuration page with unsaved changes asks first: forms report whether they are dirty, and one
 * React Router blocker per page (a router supports one at a time) holds navigation until the admin answers. Closing
 * or reloading the tab gets the browser's own prompt.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useFormikContext } from 'formik';
import { useBlocker } from 'react-router';
import { ConfirmationModal } from '../../../../widgets/ConfirmationModal';

type Report = (id: string, dirty: boolean) => void;
const DirtyContext = createContext<Report>(() => {});

export function DirtyGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>((id, isDirty) => {
    setDirty((prev) => {
      if (prev.has(id) === isDirty) return prev;
      const next = new Set(prev);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (dirty.size === 0) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty.size]);
  const value = useMemo(() => report, [report]);
  return (
    <DirtyContext.Provider value={value}>
      {children}
      <ConfirmationModal
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        message="This page has changes that are not saved. If you leave now, they are lost."
        yesLabel="Leave"
        noLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </DirtyContext.Provider>
  );
}

/** A form tells the page's guard whether it holds unsaved changes. */
export function useReportDirty(id: string, dirty: boolean): void {
  const report = useContext(DirtyContext);
  useEffect(() => {
    report(id, dirty);
    return () => report(id, false);
  }, [report, id, dirty]);
}

/** Inside a Formik form: reports the form's dirty state to the page's guard. */
export function FormDirtyReporter({ id }: { id: string }) {
  const { dirty } = useFormikContext();
  useReportDirty(id, dirty);
  return null;
}
