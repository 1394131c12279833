/**
 * /settings/layout: the console's custom look (spec §1): login logo, bar logo and login background (image inputs,
 * scaled by the §5 image rules), primary and bar colours (colour pickers), a live preview of the main bar and the
 * login card, save and reset to defaults. The primary hover colour is derived from the primary. Saving applies the
 * look to every page at once (sagas/layoutSettings.saga.ts). An account that may only read the settings area sees
 * the look with every control disabled and the read-only notice.
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { useState } from 'react';
import { rulesModule, useRules } from '../../forms/lazyRules';
import { HEX_COLOR } from '../../../lib/validation/formats';
import { urlOf } from '../../../shared/contracts/endpoint';
import { getImage } from '../../../shared/contracts/system';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import {
  IMAGE_SLOTS,
  layoutSettingsResetRequested,
  layoutSettingsSaveRequested,
  type ImageSlot,
  type LayoutSettings,
  type LayoutSettingsChange,
} from '../../../store/slices/layoutSettings.slice';
import { ConfirmationModal } from '../../../widgets/ConfirmationModal';
import { ImageInput } from '../../../widgets/ImageInput';
import { Loader } from '../../../widgets/Loader';
import { PageHeader } from '../../../widgets/PageHeader';
import { TextInput } from '../../../widgets/TextInput';
import { ColourField } from './ColourField';
import { contrastWarning } from '../../../lib/colour';
import { AreaAccess, ReadOnlyNotice, useReadOnly } from '../common/config/ReadOnly';
import { LayoutPreview } from './LayoutPreview';
import './layoutSettings.css';
import { historyOf } from '../history/link';

export const LAYOUT_TITLE = 'Layout settings';

const IMAGE_LABELS: Record<ImageSlot, string> = {
  login_logo: 'Login logo',
  bar_logo: 'Bar logo',
  login_background: 'Login background',
};

type Values = { primary_color: string; bar_color: string; login_title: string } & Record<
  ImageSlot,
  string | null
>;

/** Only what changed: an image the admin did not touch keeps its URL and is not sent again. */
export function changeOf(values: Values, initial: Values): LayoutSettingsChange {
  const images: LayoutSettingsChange['images'] = {};
  for (const slot of IMAGE_SLOTS) if (values[slot] !== initial[slot]) images[slot] = values[slot];
  return {
    primary_color: values.primary_color,
    bar_color: values.bar_color,
    login_title: values.login_title.trim(),
    images,
  };
}

// The form's Yup rules come with it (lazyRules.ts).
const layoutRules = rulesModule(() => import('./layoutRules'));

export function LayoutSettingsForm({ settings }: { settings: LayoutSettings }) {
  const rules = useRules(layoutRules);
  const dispatch = useAppDispatch();
  const apiBase = useAppSelector((s) => s.config.apiBase);
  const version = useAppSelector((s) => s.layoutSettings.version);
  const pending = useAppSelector((s) => s.layoutSettings.pending);
  const [confirmReset, setConfirmReset] = useState(false);
  const readOnly = useReadOnly();
  const initial: Values = {
    primary_color: settings.primary_color,
    bar_color: settings.bar_color,
    login_title: settings.login_title ?? '',
    ...(Object.fromEntries(
      IMAGE_SLOTS.map((slot) => [
        slot,
        settings.images[slot] ? `${urlOf(getImage, { slot }, apiBase)}?v=${version}` : null,
      ]),
    ) as Record<ImageSlot, string | null>),
  };

  return (
    <Formik
      initialValues={initial}
      enableReinitialize
      validationSchema={rules.module?.layoutSchema}
      onSubmit={(values) => {
        if (readOnly) return;
        dispatch(layoutSettingsSaveRequested(changeOf(values, initial)));
      }}
    >
      {({ values, errors, setFieldValue, dirty, submitForm, submitCount }) => (
        <section className="page layout-settings" aria-labelledby="page-title">
          <PageHeader
            history={historyOf('settings')}
            title={LAYOUT_TITLE}
            primaryButton={{
              label: pending === 'save' ? 'Saving…' : 'Save',
              onClick: () => void submitForm(),
              disabled: pending !== null || !dirty || readOnly,
            }}
            secondaryButton={{
              label: 'Reset to defaults',
              onClick: () => setConfirmReset(true),
              disabled: pending !== null || readOnly,
            }}
            actionDescription="The look applies to every console page and to the login screens."
          />
          <ReadOnlyNotice />
          <Form className="layout-settings__body" aria-label="Custom look" noValidate onFocus={rules.fetch}>
            <div className="layout-settings__fields">
              <fieldset>
                <legend>Colours</legend>
                <ColourField
                  label="Primary colour"
                  name="primary_color"
                  value={values.primary_color}
                  error={submitCount > 0 ? errors.primary_color : undefined}
                  disabled={readOnly}
                  onChange={(v) => void setFieldValue('primary_color', v)}
                  warning={
                    HEX_COLOR.test(values.primary_color)
                      ? contrastWarning('primary', values.primary_color)
                      : null
                  }
                />
                <ColourField
                  label="Bar colour"
                  name="bar_color"
                  value={values.bar_color}
                  error={submitCount > 0 ? errors.bar_color : undefined}
                  disabled={readOnly}
                  onChange={(v) => void setFieldValue('bar_color', v)}
                  warning={HEX_COLOR.test(values.bar_color) ? contrastWarning('bar', values.bar_color) : null}
                />
              </fieldset>
              <fieldset>
                <legend>Login screen</legend>
                <TextInput
                  label="Login title"
                  name="login_title"
                  value={values.login_title}
                  placeholder="Log in"
                  serverError={submitCount > 0 ? errors.login_title : undefined}
                  disabled={readOnly}
                  info="Shown instead of “Log in” on the login screen; leave empty for the default."
                  onChange={(v) => void setFieldValue('login_title', v)}
                />
              </fieldset>
              <fieldset>
                <legend>Images</legend>
                {IMAGE_SLOTS.map((slot) => (
                  <ImageInput
                    key={slot}
                    label={IMAGE_LABELS[slot]}
                    value={values[slot]}
                    disabled={readOnly}
                    onChange={(v) => void setFieldValue(slot, v)}
                  />
                ))}
              </fieldset>
            </div>
            <LayoutPreview
              primaryColor={
                HEX_COLOR.test(values.primary_color) ? values.primary_color : settings.primary_color
              }
              barColor={HEX_COLOR.test(values.bar_color) ? values.bar_color : settings.bar_color}
              barLogo={values.bar_logo}
              loginLogo={values.login_logo}
              loginBackground={values.login_background}
              loginTitle={values.login_title.trim() || null}
            />
          </Form>
          <ConfirmationModal
            open={confirmReset && !readOnly}
            title="Reset to defaults"
            message="Restore the default colours and remove the custom logos and login background?"
            yesLabel="Reset"
            noLabel="Cancel"
            onCancel={() => setConfirmReset(false)}
            onConfirm={() => {
              setConfirmReset(false);
              dispatch(layoutSettingsResetRequested());
            }}
          />
        </section>
      )}
    </Formik>
  );
}

export function LayoutSettingsPage() {
  const load = useAppSelector((s) => s.layoutSettings.load);
  const data = useAppSelector((s) => s.layoutSettings.data);
  if (data)
    return (
      <AreaAccess area="settings">
        <LayoutSettingsForm settings={data} />
      </AreaAccess>
    );
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title">{LAYOUT_TITLE}</h1>
      </header>
      {load === 'failed' ? (
        <p className="page__notice" role="alert">
          The layout settings could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <Loader label="Loading the layout settings…" />
      )}
    </section>
  );
}
