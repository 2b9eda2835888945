/** Step 2: how the copies arrive (type, who collects, supports), the addressee, contacts and delegate. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useLoader } from '../../api/use-loader';
import type { FieldErrorCode } from '../../contract/common';
import type {
  Delivery,
  DeliveryInfo,
  DeliveryModality,
  DeliveryType,
  Support,
} from '../../contract/document-requests';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { checkDelivery, type RequestSettings } from './api';
import { ChoiceGroup } from './choice-group';
import { DelegateFields } from './delegate-fields';
import { DELIVERY_TYPE_HINT, DELIVERY_TYPE_LABEL, MODALITY_LABEL, SUPPORT_LABEL } from './labels';
import { TextField } from './text-field';

export type FieldErrors = Readonly<Record<string, FieldErrorCode>>;

export function DeliveryStep({
  settings,
  delivery,
  withImages,
  errors,
  onChange,
}: {
  settings: RequestSettings;
  delivery: Delivery;
  withImages: boolean;
  errors: FieldErrors;
  onChange: (delivery: Delivery) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const load = useCallback(() => checkDelivery(delivery.type), [delivery.type]);
  const { state, reload } = useLoader(load);
  const max = settings.limits.maxNumberOfCharacters;
  const types = settings.available.deliveryTypes;
  const modalities = types.find((entry) => entry.type === delivery.type)?.modalities ?? ['SELF'];

  const setInfo = (key: keyof Omit<DeliveryInfo, 'delegated'>) => (value: string) =>
    onChange({ ...delivery, info: { ...delivery.info, [key]: value } });
  const setType = (type: DeliveryType): void =>
    onChange({ ...delivery, type, modality: type === 'DESK' ? delivery.modality : 'SELF' });
  const field = (key: keyof Omit<DeliveryInfo, 'delegated'>) => ({
    id: `delivery-${key}`,
    value: delivery.info[key],
    onChange: setInfo(key),
    error: errors[`delivery.info.${key}`],
    maxLength: max,
  });

  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState reason={state.reason} onRetry={() => void reload()} />;
  const rule = state.value;
  const supports = (list: readonly Support[]) =>
    list.map((value) => ({ value, label: i18n._(SUPPORT_LABEL[value]) }));
  const needsEmail = rule.requiresContacts || delivery.documentSupport === 'PDF';

  return (
    <div className="delivery-step">
      <ChoiceGroup<DeliveryType>
        legend={t`Modalità di consegna`}
        name="delivery-type"
        options={types.map(({ type }) => ({
          value: type,
          label: i18n._(DELIVERY_TYPE_LABEL[type]),
          hint: i18n._(DELIVERY_TYPE_HINT[type]),
        }))}
        value={delivery.type}
        onChange={setType}
      />
      {modalities.length > 1 && (
        <ChoiceGroup<DeliveryModality>
          legend={t`Chi ritira`}
          name="delivery-modality"
          options={modalities.map((value) => ({ value, label: i18n._(MODALITY_LABEL[value]) }))}
          value={delivery.modality}
          onChange={(modality) => onChange({ ...delivery, modality })}
        />
      )}
      <ChoiceGroup<Support>
        legend={t`Supporto dei documenti`}
        name="document-support"
        options={supports(rule.documentSupports)}
        value={rule.documentSupports.includes(delivery.documentSupport) ? delivery.documentSupport : null}
        invalid={errors['delivery.documentSupport'] !== undefined}
        onChange={(documentSupport) => onChange({ ...delivery, documentSupport })}
      />
      {withImages && (
        <ChoiceGroup<Support>
          legend={t`Supporto delle immagini`}
          name="image-support"
          options={supports(rule.imageSupports)}
          value={
            delivery.imageSupport && rule.imageSupports.includes(delivery.imageSupport)
              ? delivery.imageSupport
              : null
          }
          invalid={errors['delivery.imageSupport'] !== undefined}
          onChange={(imageSupport) => onChange({ ...delivery, imageSupport })}
        />
      )}
      <h2 className="request-section-title">
        {rule.requiresAddress ? (
          <Trans>Destinatario e indirizzo</Trans>
        ) : (
          <Trans>Richiedente e contatti</Trans>
        )}
      </h2>
      <div className="field-grid">
        <TextField
          {...field('surname')}
          label={t`Cognome`}
          required={rule.requiresAddress}
          autoComplete="family-name"
        />
        <TextField
          {...field('name')}
          label={t`Nome`}
          required={rule.requiresAddress}
          autoComplete="given-name"
        />
        {rule.requiresAddress && (
          <>
            <TextField {...field('address')} label={t`Indirizzo`} required autoComplete="address-line1" />
            <TextField {...field('addressNumber')} label={t`Numero civico`} required />
            <TextField
              {...field('zip')}
              label={t`CAP`}
              required
              inputMode="numeric"
              autoComplete="postal-code"
            />
            <TextField {...field('city')} label={t`Città`} required autoComplete="address-level2" />
            <TextField
              {...field('province')}
              label={t`Provincia (sigla)`}
              required
              autoComplete="address-level1"
            />
          </>
        )}
        <TextField
          {...field('mobile')}
          label={t`Cellulare`}
          type="tel"
          inputMode="tel"
          required={rule.requiresContacts}
          autoComplete="tel"
        />
        <TextField
          {...field('email')}
          label={t`E-mail`}
          type="email"
          inputMode="email"
          required={needsEmail}
          autoComplete="email"
        />
      </div>
      {delivery.modality === 'DELEGATE' && (
        <DelegateFields
          value={delivery.info.delegated ?? null}
          errors={errors}
          maxLength={max}
          onChange={(delegated) => onChange({ ...delivery, info: { ...delivery.info, delegated } })}
        />
      )}
    </div>
  );
}
