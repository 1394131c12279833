/**
 * The kernel's interface to the features whose configuration the apply engine manages (the DNS proxy, SSH, the
 * network preferences): each registers its routes and its managed service with the engine, and one that runs a
 * daemon hands the service manager its unit and the address of its state and control routes. The assembly
 * (../index.ts) lists the features; the kernel names none of them.
 */
import type { FastifyInstance } from 'fastify';
import type { Area } from '../../shared/privileges';
import type { ApplianceContext } from '../context';
import type { ServiceUnit } from '../services/types';
import type { ApplyManager } from './manager';
import type { ServiceEndpoints } from '../../shared/contracts/services';

/** A daemon a feature runs: its unit, built once the engine is up, and its state and control routes. */
export interface FeatureDaemon {
  unit(ctx: ApplianceContext, manager: ApplyManager): ServiceUnit;
  routes: ServiceRoutes;
}

/** Where a daemon's routes live and who may use them (../services/routes.ts). */
export interface ServiceRoutes {
  /** Its contract (src/shared/contracts/services.ts): GET state, POST start|stop|restart under the area's path. */
  endpoints: ServiceEndpoints;
  /** The privilege area: reading needs its read privilege, the actions its write privilege. */
  area: Area;
  /** The actions need a recent sign-in (stopping SSH can end the sessions of whoever uses it). */
  reauth: boolean;
}

export interface ManagedFeature {
  register(scope: FastifyInstance, ctx: ApplianceContext, manager: ApplyManager): Promise<unknown>;
  daemon?: FeatureDaemon;
}
