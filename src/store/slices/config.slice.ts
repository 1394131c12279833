/** The public configuration, put into the store by the server render and never changed in the browser. */
import { createSlice } from '@reduxjs/toolkit';
import { defaults } from '../../../config/defaults';
import { publicConfig, type PublicConfig } from '../../../config/public';

export const configSlice = createSlice({
  name: 'config',
  initialState: publicConfig(defaults) as PublicConfig,
  reducers: {},
});
