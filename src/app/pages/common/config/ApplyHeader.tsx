/**
 * The header of a configuration page: title, whether the service is on, whether saved changes wait to be applied
 * or an applied change waits to be kept (safe apply: the countdown banner above), and the Apply button (a job: the
 * progress overlay shows its steps), also offered in the command palette, and History: the area's saved changes.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../../store/createStore';
import { PageHeader } from '../../../../widgets/PageHeader';
import { useResourceSave } from '../../../../store/useResource';
import type { EndpointSave, WriteEndpoint } from '../../../../store/slices/resources.slice';
import { usePaletteActions } from '../../../palette/actions';
import { useReadOnly } from './ReadOnly';

export interface ApplyHeaderProps {
  title: string;
  description: string;
  enabled?: boolean;
  pendingChanges?: boolean;
  resourceKey: string;
  /** The Apply endpoint (a contract of src/shared/contracts: `dns.applyProxy`). */
  apply: WriteEndpoint;
  refresh: string[];
  /** The page's help link (PageHeader `help`). */
  help?: { to: string; label?: string };
  /** Users who may read but not apply the configuration get no Apply button. */
  readOnly?: boolean;
}

export function ApplyHeader(props: ApplyHeaderProps) {
  const { save, pending } = useResourceSave();
  const navigate = useNavigate();
  // Hidden when the page says so (the account cannot apply at all); disabled on a page its groups grant read only.
  const contextReadOnly = useReadOnly();
  const { resourceKey, refresh, title } = props;
  const applyEndpoint = props.apply;
  const applyPath = applyEndpoint.path;
  const readOnly = props.readOnly || contextReadOnly;
  const refreshKeys = refresh.join('\n');
  // The service is the apply path's first segment (`ssh/config/apply` → ssh), as the confirmations name it.
  const topic = `safe-apply:${applyPath.split('/')[0]}`;
  const awaitingKeep = useAppSelector((s) => s.notifications.banners.some((b) => b.topic === topic));
  const apply = useMemo(
    () => () =>
      save({
        endpoint: applyEndpoint,
        key: resourceKey,
        job: true,
        refresh: refreshKeys.split('\n').filter(Boolean),
      } as EndpointSave<WriteEndpoint>),
    [save, resourceKey, applyEndpoint, refreshKeys],
  );
  usePaletteActions(
    useMemo(
      () =>
        readOnly
          ? []
          : [
              {
                id: `${resourceKey}.apply`,
                name: `Apply configuration: ${title}`,
                keywords: 'apply activate write job',
                run: apply,
              },
            ],
      [readOnly, resourceKey, title, apply],
    ),
  );
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
        awaitingKeep
          ? {
              text: 'Applied, waiting to be kept: keep or revert the changes above before the countdown ends.',
              level: 'warning',
            }
          : props.pendingChanges
            ? { text: 'Saved changes are not applied yet.', level: 'warning' }
            : props.pendingChanges === false
              ? { text: 'The running configuration is up to date.', level: 'info' }
              : undefined
      }
      help={props.help}
      // The area's saved changes: who made them and why (the apply path's first segment is the area).
      secondaryButton={{
        label: 'History',
        onClick: () => void navigate(`/system/history?area=${applyPath.split('/')[0]}`),
      }}
      primaryButton={
        props.readOnly
          ? undefined
          : {
              label: 'Apply configuration',
              // A new apply waits until the pending change is kept or reverted (the appliance refuses it meanwhile).
              disabled: pending || contextReadOnly || awaitingKeep,
              onClick: apply,
            }
      }
    />
  );
}
