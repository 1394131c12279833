/**
 * /system/history: every saved change of the appliance's configuration, newest first, on the entity list (paged and
 * filtered on the appliance: area, how, account and a day range, all in the address so a filtered history can be
 * bookmarked). Each row says what changed in words (a link to the revision with its diff), when, who and how, the
 * area and why. Every signed-in account may open it and sees the areas it may read.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  REVISION_METHOD_LABELS,
  REVISION_METHODS,
  listRevisions,
  revisionsQuery,
  type RevisionSummary,
} from '../../../shared/contracts/revisions';
import { keyOf } from '../../../shared/contracts/endpoint';
import { AREAS, AREA_NAMES, isArea } from '../../../shared/privileges';
import { formatDateTime } from '../../../lib/format/time';
import { DateInput } from '../../../widgets/DateInput';
import { TextInput } from '../../../widgets/TextInput';
import { EntityListPage, type EntityColumn } from '../common/entity/EntityListPage';
import type { ListSource } from '../common/entity/listQuery';
import './history.css';

export const HISTORY_TITLE = 'History';
export const REVISIONS_KEY = keyOf(listRevisions);
export const HISTORY_LIST: ListSource = {
  resource: REVISIONS_KEY,
  query: revisionsQuery,
  defaultSort: '-at',
};

export const areaName = (area: string) => (isArea(area) ? AREA_NAMES[area] : area);

// What changed is what the row is about: it comes first (it stays in view on a phone) and links to the revision.
const COLUMNS: ReadonlyArray<EntityColumn<RevisionSummary>> = [
  { title: 'Change', width: 335, cell: (r) => ({ value: r.summary }) },
  { title: 'When', sort: 'at', width: 225, cell: (r) => ({ value: formatDateTime(r.at) }) },
  {
    title: 'Who',
    width: 120,
    cell: (r) => ({ value: r.actor, description: REVISION_METHOD_LABELS[r.method] }),
  },
  { title: 'Area', width: 140, priority: 2, cell: (r) => ({ value: areaName(r.area) }) },
  { title: 'Reason', width: 240, priority: 2, cell: (r) => ({ value: r.reason ?? '—' }) },
];

const DAY = 24 * 60 * 60 * 1000;

/** Account and day range: typed filters, written to the address once typing pauses. */
function HistoryFilters() {
  const [search, setSearch] = useSearchParams();
  const [actor, setActor] = useState(search.get('actor') ?? '');
  const set = (changes: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const current = search.get('actor') ?? '';
  useEffect(() => {
    if (actor.trim() === current) return;
    const t = setTimeout(() => set({ actor: actor.trim() || null }), 400);
    return () => clearTimeout(t);
    // `set` is rebuilt each render; the typed value and the address's are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, current]);
  const from = search.get('from');
  const to = search.get('to');
  return (
    <>
      <TextInput label="Account" name="actor" value={actor} onChange={setActor} />
      <DateInput
        label="From"
        name="from"
        value={from ? Number(from) : null}
        onChange={(v) => set({ from: v === null ? null : String(v) })}
      />
      <DateInput
        label="To"
        name="to"
        value={to ? Number(to) - DAY + 1 : null}
        onChange={(v) => set({ to: v === null ? null : String(v + DAY - 1) })}
      />
    </>
  );
}

export function HistoryPage() {
  return (
    <EntityListPage<RevisionSummary>
      source={HISTORY_LIST}
      title={HISTORY_TITLE}
      description="Every saved change of the configuration: who made it, how, from where and why, and what it changed."
      itemName={{ one: 'revision', other: 'revisions' }}
      columns={COLUMNS}
      rowId={(r) => String(r.id)}
      href={(r) => `/system/history/${r.id}`}
      filters={[
        {
          name: 'area',
          label: 'Area',
          any: 'Any area',
          options: AREAS.filter((a) => a !== 'logs' && a !== 'messaging').map((a) => ({
            value: a,
            name: AREA_NAMES[a],
          })),
        },
        {
          name: 'method',
          label: 'Made with',
          any: 'Any way',
          options: REVISION_METHODS.map((m) => ({ value: m, name: REVISION_METHOD_LABELS[m] })),
        },
      ]}
      toolbar={<HistoryFilters />}
      canWrite={false}
      emptyMessage="No configuration change has been saved yet."
    />
  );
}
