/**
 * An open ACME order's detail page follows the order's live state (sagas/acmeOrderStream.saga.ts, which writes the
 * order into the resources slice: the feature has no state of its own). Views send these; they never import the saga.
 */
import { createAction } from '@reduxjs/toolkit';

export const acmeOrderWatched = createAction<{ id: string }>('acmeOrders/watched');
export const acmeOrderUnwatched = createAction<{ id: string }>('acmeOrders/unwatched');
