/**
 * /ssh/config: the SSH service — settings (safe apply for lock-out-prone changes), host-key fingerprints,
 * authorised keys, the generated sshd_config as it would be applied, and Apply.
 */
import { useEndpoint } from '../../../store/useResource';
import * as ssh from '../../../shared/contracts/ssh';
import { sshService } from '../../../shared/contracts/services';
import { ServiceConfigPage } from '../common/config/ServiceConfigPage';
import { AuthorizedKeys } from './AuthorizedKeys';
import { HostKeys } from './HostKeys';
import { SshSettingsForm } from './SshSettingsForm';
import { SSH_CONFIG_KEY, SSH_PREVIEW_KEY, SSH_SERVICE_KEY } from './resources';

export const SSH_CONFIG_TITLE = 'SSH configuration';

export function ConfigPage() {
  const { data, status } = useEndpoint(ssh.getConfig);
  return (
    <ServiceConfigPage
      area="ssh"
      header={{
        title: SSH_CONFIG_TITLE,
        description: 'Remote shell access to the appliance: where it listens, who may log in and how.',
        resourceKey: SSH_CONFIG_KEY,
        apply: ssh.apply,
        refresh: [SSH_PREVIEW_KEY, SSH_SERVICE_KEY],
      }}
      data={data}
      status={status}
      state={(d) => ({ enabled: d.settings.enabled, pendingChanges: d.status.pending_changes })}
      what="the SSH settings"
      service={sshService}
      logService="ssh"
      previewKey={SSH_PREVIEW_KEY}
    >
      {(d) => (
        <>
          <SshSettingsForm data={d} />
          <HostKeys keys={d.host_keys} />
          <AuthorizedKeys keys={d.authorized_keys} />
        </>
      )}
    </ServiceConfigPage>
  );
}
