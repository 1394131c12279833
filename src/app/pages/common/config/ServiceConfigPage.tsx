/**
 * The frame of a service's configuration page (the DNS proxy, SSH): inside its area's access and the unsaved-changes
 * guard, the Apply header, the read-only notice, the loading and failed states, then the service's state and the
 * page's own sections, and the generated configuration as it would be applied. One frame, so each service page only
 * says what is its own.
 */
import type { ReactNode } from 'react';
import type { Area } from '../../../../shared/privileges';
import type { ServiceEndpoints } from '../../../../shared/contracts/services';
import { Loader } from '../../../../widgets/Loader';
import { ApplyHeader, type ApplyHeaderProps } from './ApplyHeader';
import { ConfigPreview } from './ConfigPreview';
import { DirtyGuard } from './DirtyGuard';
import { AreaAccess, ReadOnlyNotice } from './ReadOnly';
import { ServiceStatus } from './ServiceStatus';
import './config.css';

export interface ServiceConfigPageProps<T> {
  area: Area;
  header: Omit<ApplyHeaderProps, 'enabled' | 'pendingChanges'>;
  /** The page's configuration as loaded (undefined until it is). */
  data: T | undefined;
  status: string;
  state: (data: T) => { enabled: boolean; pendingChanges: boolean };
  /** What is loaded, for the loading and failed states ("the SSH settings"). */
  what: string;
  service: ServiceEndpoints;
  logService: string;
  previewKey: string;
  children: (data: T) => ReactNode;
}

export function ServiceConfigPage<T>(props: ServiceConfigPageProps<T>) {
  const { data, status, header } = props;
  const shown = data ? props.state(data) : undefined;
  return (
    <AreaAccess area={props.area}>
      <DirtyGuard>
        <section className="page config-page" aria-label={header.title}>
          <ApplyHeader {...header} enabled={shown?.enabled} pendingChanges={shown?.pendingChanges} />
          <ReadOnlyNotice />
          {!data && status === 'failed' ? (
            <p className="page__notice" role="alert">
              {`${props.what[0].toUpperCase()}${props.what.slice(1)} could not be loaded. Reload the page to try again.`}
            </p>
          ) : null}
          {!data && status !== 'failed' ? <Loader label={`Loading ${props.what}`} /> : null}
          {data ? (
            <>
              <ServiceStatus service={props.service} logService={props.logService} />
              {props.children(data)}
              <ConfigPreview resourceKey={props.previewKey} />
            </>
          ) : null}
        </section>
      </DirtyGuard>
    </AreaAccess>
  );
}
