/**
 * /ssh/config: the SSH service — settings (safe apply for lock-out-prone changes), host-key fingerprints,
 * authorised keys, the generated sshd_config as it would be applied, and Apply.
 */
import { Loader } from '../../../widgets/Loader';
import { useEndpoint } from '../../../store/useResource';
import * as ssh from '../../../shared/contracts/ssh';
import { ApplyHeader } from '../common/config/ApplyHeader';
import { ConfigPreview } from '../common/config/ConfigPreview';
import { ServiceStatus } from '../common/config/ServiceStatus';
import { DirtyGuard } from '../common/config/DirtyGuard';
import { AuthorizedKeys } from './AuthorizedKeys';
import { HostKeys } from './HostKeys';
import { SshSettingsForm } from './SshSettingsForm';
import { SSH_CONFIG_KEY, SSH_PREVIEW_KEY, SSH_SERVICE_KEY } from './resources';
import '../common/config/config.css';
import { AreaAccess, ReadOnlyNotice } from '../common/config/ReadOnly';
import { sshService } from '../../../shared/contracts/services';

export const SSH_CONFIG_TITLE = 'SSH configuration';

export function ConfigPage() {
  const { data, status } = useEndpoint(ssh.getConfig);
  return (
    <AreaAccess area="ssh">
      <DirtyGuard>
        <section className="page config-page" aria-label={SSH_CONFIG_TITLE}>
          <ApplyHeader
            title={SSH_CONFIG_TITLE}
            description="Remote shell access to the appliance: where it listens, who may log in and how."
            enabled={data?.settings.enabled}
            pendingChanges={data?.status.pending_changes}
            resourceKey={SSH_CONFIG_KEY}
            apply={ssh.apply}
            refresh={[SSH_PREVIEW_KEY, SSH_SERVICE_KEY]}
          />
          <ReadOnlyNotice />
          {!data && status === 'failed' ? (
            <p className="page__notice" role="alert">
              The SSH settings could not be loaded. Reload the page to try again.
            </p>
          ) : null}
          {!data && status !== 'failed' ? <Loader label="Loading the SSH settings" /> : null}
          {data ? (
            <>
              <ServiceStatus service={sshService} logService="ssh" />
              <SshSettingsForm data={data} />
              <HostKeys keys={data.host_keys} />
              <AuthorizedKeys keys={data.authorized_keys} />
              <ConfigPreview resourceKey={SSH_PREVIEW_KEY} />
            </>
          ) : null}
        </section>
      </DirtyGuard>
    </AreaAccess>
  );
}
