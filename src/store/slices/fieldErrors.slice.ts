/**
 * Forced-invalid fields (spec §4 text input, §8 field errors): the error handler marks the input named by the
 * joined error location; the mark clears when that field's value changes. Forms read `fieldErrors[name]`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type FieldErrorsState = Record<string, string>;

export const fieldErrorsSlice = createSlice({
  name: 'fieldErrors',
  initialState: {} as FieldErrorsState,
  reducers: {
    fieldErrorSet(state, action: PayloadAction<{ name: string; message: string }>) {
      state[action.payload.name] = action.payload.message;
    },
    /** A form reports every value change; only a marked field is affected. */
    fieldValueChanged(state, action: PayloadAction<{ name: string }>) {
      delete state[action.payload.name];
    },
    fieldErrorsCleared() {
      return {};
    },
  },
});

export const { fieldErrorSet, fieldValueChanged, fieldErrorsCleared } = fieldErrorsSlice.actions;
export const selectFieldError = (name: string) => (s: { fieldErrors: FieldErrorsState }) =>
  s.fieldErrors[name];
