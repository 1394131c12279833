/**
 * Row selection and bulk processing (spec §4: selection shows the bulk bar; selection clears after bulk
 * processing ends). Processing ends when the action's promise settles successfully, when a controlled
 * `processing` flag goes from true to false, or at once for a synchronous action.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type BulkHandler = (actionId: string, rowIds: string[]) => void | Promise<unknown>;

export function useBulkSelection(
  onBulkAction: BulkHandler | undefined,
  controlledProcessing: boolean | undefined,
) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [running, setRunning] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A controlled flag: clear when it falls from true to false ("previous value in state" pattern, no effect).
  const [prevControlled, setPrevControlled] = useState(controlledProcessing);
  if (prevControlled !== controlledProcessing) {
    setPrevControlled(controlledProcessing);
    if (prevControlled === true && controlledProcessing === false) setSelected(new Set());
  }

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setMany = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);

  const run = useCallback(
    (actionId: string, rowIds: string[]) => {
      const result = onBulkAction?.(actionId, rowIds);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        setRunning(true);
        (result as Promise<unknown>).then(
          () => {
            if (!mounted.current) return;
            setRunning(false);
            setSelected(new Set());
          },
          // A failure keeps the selection so the user can retry; the caller reports the error.
          () => {
            if (mounted.current) setRunning(false);
          },
        );
      } else if (controlledProcessing === undefined) {
        setSelected(new Set());
      }
    },
    [onBulkAction, controlledProcessing],
  );

  return { selected, toggle, setMany, clear, run, processing: running || controlledProcessing === true };
}
