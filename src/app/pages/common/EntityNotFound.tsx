/**
 * The spec's 404 for a well-formed id the appliance does not know, naming the path asked for; a server render of it
 * answers HTTP 404.
 */
import { useLocation } from 'react-router';
import { ErrorPage } from '../../errors/ErrorPage';
import { useRenderStatus } from '../../renderStatus';

export function EntityNotFound() {
  const { pathname } = useLocation();
  useRenderStatus(404);
  return <ErrorPage status={404} path={pathname} />;
}
