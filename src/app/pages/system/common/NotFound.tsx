/** The spec's 404 for a well-formed id the appliance does not know, naming the path asked for. */
import { useLocation } from 'react-router';
import { ErrorPage } from '../../../errors/ErrorPage';

export function EntityNotFound() {
  const { pathname } = useLocation();
  return <ErrorPage status={404} path={pathname} />;
}
