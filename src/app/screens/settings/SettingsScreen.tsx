/**
 * §2 settings: account details, delivery address, password and e-mail, each its own form with
 * its errors on its fields and its notice. Renders the settings journey's snapshot
 * (machines/settings.machine.ts) and sends its events; rules live in src/domain/settings-forms.ts.
 */
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { settingsMachine, SettingsSection } from '../../../../machines/settings.machine.js';
import { settingsViewOf } from '../../../../machines/settings.selectors.js';
import { detailsFields, isRequiredDetail } from '../../../domain/settings-forms.js';
import { PageHeading } from '../PageHeading.js';
import { useJourney } from '../../journeys/use-journey.js';
import { FormAlert, TextField, messageText } from '../../components/form.js';
import { AccountForm, CustomerField, LoadFailedNotice } from '../../components/AccountForm.js';
import { DeliveryAddressFields } from '../../components/DeliveryAddressFields.js';

type SettingsActor = ActorRefFrom<typeof settingsMachine>;

/**
 * The notice of one section: why not (alert) or saved (status). Both live regions are always
 * there, so a screen reader hears the message that appears in either.
 */
function SectionNotice({ actor, section }: { actor: SettingsActor; section: SettingsSection }) {
  const intl = useIntl();
  const notice = useSelector(actor, (s) => (s.context.notice?.section === section ? s.context.notice : null));
  return (
    <>
      <FormAlert message={notice?.tone === 'danger' ? notice.message : null} />
      <div role="status" className="form-alert-region">
        {notice?.tone === 'success' && (
          <p className="notice notice--success" data-testid={`settings-${section}-saved`}>
            {messageText(intl, notice.message)}
          </p>
        )}
      </div>
    </>
  );
}

function SettingsForm({
  actor,
  section,
  title,
  submit,
  onSubmit,
  children,
}: {
  actor: SettingsActor;
  section: SettingsSection;
  title: string;
  submit: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits[section]);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const headingId = `settings-${section}-title`;
  return (
    <section className="settings__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings__heading">
        <FormattedMessage id={title} />
      </h2>
      <AccountForm rejectedSubmits={rejected} busy={busy} submitId={submit} onSubmit={onSubmit}>
        <SectionNotice actor={actor} section={section} />
        {children}
      </AccountForm>
    </section>
  );
}

function DetailsForm({ actor }: { actor: SettingsActor }) {
  const values = useSelector(actor, (s) => s.context.details);
  const attr = useSelector(actor, (s) => s.context.attr);
  const errors = useSelector(actor, (s) => s.context.errors.details);
  return (
    <SettingsForm actor={actor} section="details" title="settings.detailsTitle" submit="settings.saveDetails" onSubmit={() => actor.send({ type: 'SAVE_DETAILS' })}>
      <div className="auth__grid">
        {detailsFields(attr).map((field) => (
          <CustomerField
            key={field}
            field={field}
            value={values[field]}
            errors={errors[field]}
            required={isRequiredDetail(attr, field)}
            attr={attr}
            onChange={(value) => actor.send({ type: 'DETAILS_CHANGED', field, value })}
          />
        ))}
      </div>
    </SettingsForm>
  );
}

function AddressForm({ actor }: { actor: SettingsActor }) {
  const delivery = useSelector(actor, (s) => s.context.delivery);
  const errors = useSelector(actor, (s) => s.context.errors.address);
  const countries = useSelector(actor, (s) => s.context.attr?.countries ?? {});
  return (
    <SettingsForm actor={actor} section="address" title="settings.addressTitle" submit="settings.saveAddress" onSubmit={() => actor.send({ type: 'SAVE_ADDRESS' })}>
      <DeliveryAddressFields
        hideLegend
        sameAsBilling={delivery.sameAsBilling}
        values={delivery.values}
        errors={errors}
        countries={countries}
        onSameChange={(same) => actor.send({ type: 'SAME_AS_BILLING_CHANGED', same })}
        onChange={(field, value) => actor.send({ type: 'ADDRESS_CHANGED', field, value })}
      />
    </SettingsForm>
  );
}

function PasswordForm({ actor }: { actor: SettingsActor }) {
  const intl = useIntl();
  const values = useSelector(actor, (s) => s.context.passwords);
  const errors = useSelector(actor, (s) => s.context.errors.password);
  return (
    <SettingsForm actor={actor} section="password" title="settings.passwordTitle" submit="settings.changePassword" onSubmit={() => actor.send({ type: 'CHANGE_PASSWORD' })}>
      <TextField
        name="current-password"
        type="password"
        autoComplete="current-password"
        required
        label={intl.formatMessage({ id: 'settings.currentPassword' })}
        value={values.current}
        errors={errors.current}
        onChange={(value) => actor.send({ type: 'PASSWORD_CHANGED', field: 'current', value })}
      />
      <TextField
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        label={intl.formatMessage({ id: 'settings.newPassword' })}
        hint={<FormattedMessage id="settings.newPasswordHint" />}
        value={values.next}
        errors={errors.next}
        onChange={(value) => actor.send({ type: 'PASSWORD_CHANGED', field: 'next', value })}
      />
      <TextField
        name="new-password-confirmation"
        type="password"
        autoComplete="new-password"
        required
        label={intl.formatMessage({ id: 'settings.newPasswordConfirmation' })}
        value={values.confirmation}
        errors={errors.confirmation}
        onChange={(value) => actor.send({ type: 'PASSWORD_CHANGED', field: 'confirmation', value })}
      />
    </SettingsForm>
  );
}

function EmailForm({ actor }: { actor: SettingsActor }) {
  const intl = useIntl();
  const values = useSelector(actor, (s) => s.context.emailForm);
  const current = useSelector(actor, (s) => s.context.customer?.email ?? '');
  const pending = useSelector(actor, (s) => s.context.pendingEmail);
  const errors = useSelector(actor, (s) => s.context.errors.email);
  return (
    <SettingsForm actor={actor} section="email" title="settings.emailTitle" submit="settings.changeEmail" onSubmit={() => actor.send({ type: 'CHANGE_EMAIL' })}>
      <p className="settings__current" data-testid="settings-current-email">
        <FormattedMessage id="settings.currentEmail" values={{ email: <strong>{current}</strong> }} />
      </p>
      {pending && (
        <p className="settings__current" data-testid="settings-pending-email">
          <FormattedMessage id="settings.emailPending" values={{ email: <strong>{pending}</strong> }} />
        </p>
      )}
      <TextField
        name="new-email"
        type="email"
        autoComplete="email"
        required
        label={intl.formatMessage({ id: 'settings.newEmail' })}
        value={values.email}
        errors={errors.email}
        onChange={(value) => actor.send({ type: 'EMAIL_CHANGED', field: 'email', value })}
      />
      <TextField
        name="email-password"
        type="password"
        autoComplete="current-password"
        required
        label={intl.formatMessage({ id: 'settings.emailPassword' })}
        value={values.password}
        errors={errors.password}
        onChange={(value) => actor.send({ type: 'EMAIL_CHANGED', field: 'password', value })}
      />
    </SettingsForm>
  );
}

export default function SettingsScreen() {
  const actor = useJourney('settings');
  const state = useSelector(actor, settingsViewOf);
  return (
    <section className="auth auth--register settings" aria-labelledby="settings-title">
      <PageHeading>
        <span id="settings-title">
          <FormattedMessage id="title.settings" />
        </span>
      </PageHeading>
      {state === 'loading' && (
        <p role="status" className="screen-loading">
          <FormattedMessage id="page.loading" />
        </p>
      )}
      {state === 'failed' && <LoadFailedNotice messageId="settings.loadFailed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {state === 'ready' && (
        <>
          <DetailsForm actor={actor} />
          <AddressForm actor={actor} />
          <PasswordForm actor={actor} />
          <EmailForm actor={actor} />
        </>
      )}
    </section>
  );
}
