/** Asks for a resource again every few seconds while the page is open (passively: watching is not activity). */
import { useEffect } from 'react';
import { useAppDispatch } from '../../../../store/createStore';
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import { SERVICE_POLL_MS } from '../../common/config/ServiceStatus';

export function usePolling(key: string, enabled = true) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => dispatch(resourceLoadRequested({ key, passive: true })), SERVICE_POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch, key, enabled]);
}
