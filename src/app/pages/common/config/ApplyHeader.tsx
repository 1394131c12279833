/**
 * The header of a configuration page: title, whether the service is on, whether saved changes wait to be applied,
 * and the Apply button (a job: the progress overlay shows its steps).
 */
import { PageHeader } from '../../../../widgets/PageHeader';
import { useResourceSave } from '../../../../store/useResource';
import { useReadOnly } from './ReadOnly';

export interface ApplyHeaderProps {
  title: string;
  description: string;
  enabled?: boolean;
  pendingChanges?: boolean;
  resourceKey: string;
  applyPath: string;
  refresh: string[];
}

export function ApplyHeader(props: ApplyHeaderProps) {
  const { save, pending } = useResourceSave();
  const readOnly = useReadOnly();
  return (
    <PageHeader
      title={props.title}
      actionDescription={props.description}
      badge={
        props.enabled === undefined
          ? undefined
          : { label: props.enabled ? 'On' : 'Off', color: props.enabled ? 'green' : 'grey' }
      }
      statusNotice={
        props.pendingChanges
          ? { text: 'Saved changes are not applied yet.', level: 'warning' }
          : props.pendingChanges === false
            ? { text: 'The running configuration is up to date.', level: 'info' }
            : undefined
      }
      primaryButton={{
        label: 'Apply configuration',
        disabled: pending || readOnly,
        onClick: () =>
          save({
            key: props.resourceKey,
            method: 'POST',
            path: props.applyPath,
            job: true,
            refresh: props.refresh,
          }),
      }}
    />
  );
}
