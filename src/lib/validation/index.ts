/**
 * Public validation API (§5), shared by the widgets, Formik forms and other appliance tools.
 *
 * - `isValidAs(type, value, bounds?) => boolean` — one validator type (see `VALIDATOR_TYPES`).
 * - `validateValue(value, { validators?, required?, multiple?, min?, max? }) => { valid } | { valid: false, reason }`
 *   — OR-combination, optional-empty valid, required-empty invalid, comma multi-value.
 * - `validatorHint(validators, { min?, max? }) => string` — "must be … or …" with bounds (the error).
 * - `fieldHint(validators, { min?, max? }) => string` — the neutral hint under a field ("1–65535 or *");
 *   `boundsText({ min?, max? })` — "1–65535", "1 or more", "up to 10".
 * - `isFormValid(elements)`, `isSelectValid(value, required)`, `isValidEmail(value)` — form checks.
 * - `normaliseHex(input) => string | null` — hex colour rules.
 * - Input rules: `clamp`, `sanitiseNumberText`, `normaliseTime`, `parseTime`, `dayToTimestamp`, `timestampToDay`,
 *   `checkListEntry`, `isAllowedLinkHref`, `isImageType`, `fitWithin`, `imageOutputFormat`.
 * - Free text: `textProblem(s, 'line' | 'lines')`, `isSafeText`, `isSafeMultilineText`, `hasLoneSurrogate`.
 * - Yup: `fieldSchema(rules, label?)`, `emailSchema()`, `selectSchema(required)` from `./yup` (kept separate so callers without Yup skip it).
 */
export * from './validators';
export * from './validate';
export * from './inputs';
export * from './hexColour';
export * from './text';
