/**
 * One appliance feature, one declaration: `defineFeature` gives what a feature owns (its migrations and the tables
 * they create, its configuration sections, what it offers the others, its dashboard part, the managed service the
 * apply engine runs for it) and how it mounts (its routes in each of the server's scopes) in one typed descriptor,
 * exported from the feature's folder. The assembly (index.ts) mounts the list of descriptors in one loop, in a fixed
 * order, handing every feature the same `MountDeps`; what one feature needs that another made comes through them,
 * never through an import. `test/appliance/features/descriptors.test.ts` holds each declaration to the running server.
 */
import type { FastifyInstance } from 'fastify';
import type { ForwardingStatus } from '../shared/contracts/forwarding';
import type { Area } from '../shared/privileges';
import type { InProcessReads } from '../service-kit/inProcessReads';
import type { Migration } from '../storage/sqlite';
import type { ManagedFeature } from './apply/features';
import type { ApplyManager } from './apply/manager';
import type { AuditChain } from './auditChain';
import type { ApplianceContext } from './context';
import type { DashboardPart } from './dashboard';
import type { StreamSet } from './jobs/routes';
import type { JobRunner } from './jobs/runner';
import type { Offers } from './offers';

/** A migration namespace and its list (`migrate(db, namespace, list)`). */
export interface FeatureMigrations {
  namespace: string;
  list: Migration[];
}

/** What the mount hands every feature: made by the assembly, or by a feature mounted earlier (`made`). */
export interface MountDeps {
  /** The root server (routes outside the bases, hooks of the whole server, the OpenAPI document's source). */
  root: FastifyInstance;
  jobs: JobRunner;
  inProcessReads: InProcessReads;
  auditChain: AuditChain;
  /** The event streams under `/eos/` (ended before the server closes). */
  streams: StreamSet;
  /** The features the apply engine manages, in mount order (their descriptors' `managed`). */
  managed: ManagedFeature[];
  /** Remote syslog targets and their delivery status (for the alerts). */
  forwardingHealth: () => ReadonlyArray<{ id: number; name: string; status: ForwardingStatus }>;
  /** Who uses a PKI certificate (its removal is refused while one does): the names of its users. */
  certificateUsers: Array<(certId: string) => string[]>;
  /** The apply engine's manager, made by the `apply` descriptor (throws when asked before it is mounted). */
  manager(): ApplyManager;
}

/** What a descriptor's `routes` may hand the features mounted after it. */
export interface Made {
  manager?: ApplyManager;
}

/** Where a mount step runs: the API base, the server's root, the auth base, or the event streams (`/eos/`). */
export type Mount = (scope: FastifyInstance, ctx: ApplianceContext, deps: MountDeps) => unknown;

export interface FeatureDescriptor {
  /** The feature's name as the lint zones claim its folders (eslint.config.mjs), or its kernel folder. */
  name: string;
  /** Its privilege area, when it has one. */
  area?: Area;
  /** Its migration namespaces, each migrated by the feature itself when it is mounted. */
  migrations: FeatureMigrations[];
  /** The tables its migrations create, and no others (a table belongs to one feature). */
  tables: string[];
  /** The configuration sections it registers with the revisions (`registerSection`). */
  sections: string[];
  /** What it answers for the others (`offer`). */
  offers: Array<keyof Offers>;
  /** Its part of the home page's summary, asked only of an account that reads `area`. */
  dashboard?: { area: Area; part: DashboardPart };
  /** Its configuration applied through the apply engine (registered by the `apply` descriptor, in mount order). */
  managed?: ManagedFeature;
  /** Its routes under the API base; what it makes for the features after it, returned. */
  routes?: (
    api: FastifyInstance,
    ctx: ApplianceContext,
    deps: MountDeps,
  ) => Promise<Made | void> | Made | void;
  /** Its routes and hooks on the root server. */
  root?: Mount;
  /** Its routes under the auth base. */
  auth?: Mount;
  /** Its event streams under `/eos/`. */
  eos?: Mount;
}

export type FeatureDefinition = Omit<FeatureDescriptor, 'tables' | 'sections' | 'offers'> &
  Partial<Pick<FeatureDescriptor, 'tables' | 'sections' | 'offers'>>;

/** A feature's descriptor: what it owns, declared once, and how it mounts. */
export function defineFeature(definition: FeatureDefinition): FeatureDescriptor {
  return { tables: [], sections: [], offers: [], ...definition };
}
