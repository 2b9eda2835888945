import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { changeLocale } from './i18n';
import { LOCALE_NAMES, LOCALES, localeAtom } from './locale';
import './language-switch.css';

/**
 * The language choice: two toggle buttons in a fieldset named by its legend (the current one pressed), 44 px tall. Plain
 * buttons, not a select popover: every screen reader and keyboard knows them. Texts change at once and
 * the choice is remembered.
 */
export function LanguageSwitch(): JSX.Element {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  return (
    <fieldset className="language-switch">
      <legend className="language-switch-label">{t`Lingua`}</legend>
      <div className="language-switch-options">
        {LOCALES.map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={code === locale}
            onClick={() => {
              if (code !== locale) void changeLocale(code);
            }}
          >
            {LOCALE_NAMES[code]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
