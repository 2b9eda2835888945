/**
 * `/shl#shlink:/…`: a SMART Health Link opened with no account. The link is read from the fragment (never
 * sent to a server), the recipient gives a name (and the passcode), the files are decrypted here and shown:
 * the patient summary and the documents. Public: the route skips the login check.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { ShlPayload } from '../../../contract/shl';
import { useDateFormat } from '../../../i18n/dates';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { PageLayout } from '../../../ui/page-layout';
import { LoadingState } from '../../../ui/state-views';
import '../shl.css';
import { LinkProblem } from './link-problem';
import { OpenForm } from './open-form';
import { SharedContent } from './shared-content';
import { needsPasscode, readLink } from './shlink';
import { useOpening } from './use-opening';

export { followBrowserLanguage } from './viewer-language';

const readHere = () => readLink(window.location.hash, window.location.origin, Date.now());

function OpenLink({ payload, linkKey }: { payload: ShlPayload; linkKey: Uint8Array }): JSX.Element {
  const { t } = useLingui();
  const { dateTime } = useDateFormat();
  const { opening, open, saved } = useOpening(payload, linkKey);
  const label = payload.label ?? t`Dati sanitari condivisi`;
  if (opening.kind === 'gone') return <LinkProblem problem={{ kind: 'gone' }} />;
  return (
    <>
      <header className="shl-viewer-head">
        <h2>{label}</h2>
        {opening.kind === 'opened' ? (
          <p className="shl-hint">
            <Trans>Aperto da {opening.recipient}. Questi dati sono riservati: non inoltrarli.</Trans>
          </p>
        ) : (
          payload.exp !== undefined && (
            <p className="shl-hint">
              <Trans>Valido fino al {dateTime(payload.exp * 1000)}.</Trans>
            </p>
          )
        )}
      </header>
      {opening.kind === 'opened' ? (
        <SharedContent files={opening.files} />
      ) : opening.kind === 'opening' && opening.again ? (
        <LoadingState label={t`Apertura del link…`} />
      ) : (
        <OpenForm
          withPasscode={needsPasscode(payload)}
          state={opening.kind === 'form' ? opening : null}
          busy={opening.kind === 'opening'}
          initial={saved}
          onOpen={(credentials) => void open(credentials)}
        />
      )}
    </>
  );
}

export function ShlViewerPage(): JSX.Element {
  const { t } = useLingui();
  const [reading, setReading] = useState(readHere);
  // Another link pasted in the same tab replaces this one.
  useEffect(() => {
    const onHash = (): void => setReading(readHere());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return (
    <PageLayout title={t`Dati sanitari condivisi`} withMenu={false}>
      <div className="shl-viewer">
        <LanguageSwitch />
        {reading.kind === 'ready' ? (
          <OpenLink key={reading.payload.url} payload={reading.payload} linkKey={reading.key} />
        ) : (
          <LinkProblem problem={reading} />
        )}
      </div>
    </PageLayout>
  );
}
