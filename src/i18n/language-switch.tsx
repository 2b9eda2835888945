import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { IonSelect, IonSelectOption } from '../ui/ionic/select';
import { changeLocale } from './i18n';
import { isLocale, LOCALE_NAMES, LOCALES, localeAtom } from './locale';

/** The language choice; texts change at once and the choice is remembered. */
export function LanguageSwitch(): JSX.Element {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  return (
    <IonSelect
      label={t`Lingua`}
      aria-label={t`Lingua`}
      value={locale}
      interface="popover"
      onIonChange={(event) => {
        const value: unknown = event.detail.value;
        if (isLocale(value) && value !== locale) void changeLocale(value);
      }}
    >
      {LOCALES.map((code) => (
        <IonSelectOption key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}
