/**
 * The safe-apply confirmations' actions (sagas/confirmations.saga.ts owns the effect; the banners they show are
 * notifications, so the feature has no state of its own). Views send these; they never import the saga.
 */
import { createAction } from '@reduxjs/toolkit';

export const confirmationKept = createAction<{ id: string }>('confirmations/keepRequested');
export const confirmationReverted = createAction<{ id: string }>('confirmations/revertRequested');
/** A change applied without a job (the lockout policy) may have opened a confirmation window: look now. */
export const confirmationsCheckRequested = createAction('confirmations/checkRequested');
