/**
 * The editable fields of a group (add dialog and detail page): name, description, members, and read or write per
 * privilege area. Also the Formik-bound chooser the user page uses for an account's groups.
 */
import { useField } from 'formik';
import { rulesModule } from '../../forms/lazyRules';
import { AREAS, AREA_LABELS, type Area, type Privileges } from '../../../shared/privileges';
import { Select } from '../../../widgets/Select';
import { ListChooser, type ListChooserItem } from '../../../widgets/ListChooser';
import { useResource, useServerFieldError } from '../../../store/useResource';
import { FieldError, TextField } from '../common/config/fields';
import { GROUPS_KEY, USERS_KEY } from './resources';
import type { Group, GroupBody, listGroups, listUsers } from '../../../shared/contracts/authentication';
import type { ResponseOf } from '../../../shared/contracts/endpoint';

export interface GroupValues {
  name: string;
  description: string;
  /** Account ids as strings (the chooser's ids). */
  members: string[];
  /** '' (none), 'read' or 'write' per area. */
  privileges: Record<string, string>;
}

// The forms' Yup rules come with them (lazyRules.ts).
export const groupRules = rulesModule(() => import('./groupRules').then((m) => m.groupSchema));

export const NEW_GROUP: GroupValues = {
  name: '',
  description: '',
  members: [],
  privileges: Object.fromEntries(AREAS.map((a) => [a, ''])),
};

export const toGroupValues = (g: Group): GroupValues => ({
  name: g.name,
  description: g.description,
  members: g.members.map((m) => String(m.id)),
  privileges: Object.fromEntries(AREAS.map((a) => [a, g.privileges[a] ?? ''])),
});

export const toGroupBody = (v: GroupValues): GroupBody => ({
  name: v.name.trim(),
  description: v.description.trim(),
  members: v.members.map(Number),
  privileges: Object.fromEntries(
    AREAS.filter((a) => v.privileges[a] === 'read' || v.privileges[a] === 'write').map((a) => [
      a,
      v.privileges[a],
    ]),
  ) as Privileges,
});

/** "DNS: read, SSH: write" (or "none"). */
export const privilegeSummary = (p: Privileges): string =>
  AREAS.filter((a) => p[a])
    .map((a) => `${a}: ${p[a]}`)
    .join(', ') || 'none';

const PRIVILEGE_OPTIONS = [
  { name: 'Read', value: 'read' },
  { name: 'Read and write', value: 'write' },
];

/** One area's privilege: no access (the empty choice), read, or read and write. */
function PrivilegeField({ area }: { area: Area }) {
  const name = `privileges.${area}`;
  const [field, , helpers] = useField<string>(name);
  const server = useServerFieldError(name);
  return (
    <div className="config-field">
      <Select
        name={name}
        label={AREA_LABELS[area]}
        options={PRIVILEGE_OPTIONS}
        value={field.value ?? ''}
        placeholder="No access"
        onChange={(v) => void helpers.setValue(v)}
      />
      {server ? <FieldError message={server} /> : null}
    </div>
  );
}

/** A Formik-bound chooser of several ids (members of a group, groups of an account). */
export function ChooserField({
  name,
  label,
  items,
  loading,
  emptyText,
  disabled,
}: {
  name: string;
  label: string;
  items: readonly ListChooserItem[];
  loading?: boolean;
  emptyText: string;
  disabled?: boolean;
}) {
  const [field, , helpers] = useField<string[]>(name);
  const server = useServerFieldError(name);
  return (
    <div className="config-field">
      <ListChooser
        label={label}
        items={items}
        selected={field.value ?? []}
        onChange={(ids) => void helpers.setValue(ids)}
        loading={loading}
        placeholder="None"
        emptyText={emptyText}
        disabled={disabled}
      />
      {server ? <FieldError message={server} /> : null}
    </div>
  );
}

function MembersField() {
  const { data, status } = useResource<ResponseOf<typeof listUsers>>(USERS_KEY);
  const items = (data?.data ?? []).map((u) => ({
    id: String(u.id),
    name: u.username,
    description: u.role === 'admin' ? 'admin: holds every privilege anyway' : u.full_name || undefined,
  }));
  return (
    <ChooserField
      name="members"
      label="Members"
      items={items}
      loading={!data && status === 'loading'}
      emptyText="No accounts yet."
    />
  );
}

/** The groups of an account, on the user page. */
export function AccountGroupsField() {
  const { data, status } = useResource<ResponseOf<typeof listGroups>>(GROUPS_KEY);
  const items = (data?.data ?? []).map((g) => ({
    id: String(g.id),
    name: g.name,
    description: privilegeSummary(g.privileges),
  }));
  return (
    <ChooserField
      name="groups"
      label="Groups"
      items={items}
      loading={!data && status === 'loading'}
      emptyText="No groups yet: add them under Authentication → Groups."
    />
  );
}

export function GroupFields() {
  return (
    <>
      <TextField name="name" label="Name" required info="At most 64 characters; unique." />
      <TextField name="description" label="Description" />
      <MembersField />
      <fieldset className="config-field config-choices" aria-label="Privileges">
        <legend>Privileges of the members with the user role (admins may do everything)</legend>
        {AREAS.map((a) => (
          <PrivilegeField key={a} area={a} />
        ))}
      </fieldset>
    </>
  );
}
