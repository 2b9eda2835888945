/**
 * The link just made: its QR code for another phone's camera, the address to copy or share, and the
 * passcode to give separately. Shown once: the portal does not keep the link's key, so it cannot be
 * shown again later.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { copyOutline, shareSocialOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useRef } from 'react';
import { SHL_PASSCODE_ATTEMPTS } from '../../contract/shl';
import { useDateFormat } from '../../i18n/dates';
import { useStepFocus } from '../../ui/step-focus';
import { showToast } from '../../ui/toasts';
import { QrCode } from './qr-code';

export interface ReadyLink {
  url: string;
  label: string;
  passcode: string | null;
  expiresAt: string;
}

export function LinkReady({ link }: { link: ReadyLink }): JSX.Element {
  const { t } = useLingui();
  const { dateTime } = useDateFormat();
  const field = useRef<HTMLTextAreaElement | null>(null);
  // The form the person pressed "Crea" on is gone: the news takes the focus, as a wizard's next step does.
  const intro = useStepFocus<HTMLParagraphElement>('ready', true);
  const canShare = typeof navigator.share === 'function';

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(link.url);
      showToast('success', msg`Link copiato`);
    } catch {
      // No clipboard (an older browser, a refused permission): the address is selected to copy by hand.
      field.current?.focus();
      field.current?.select();
    }
  };
  const share = async (): Promise<void> => {
    // The passcode never travels with the link: whoever intercepts one should not have both.
    await navigator.share({ title: link.label, url: link.url }).catch(() => undefined);
  };

  return (
    <div className="shl-ready">
      <p className="shl-ready-intro focus-heading" ref={intro}>
        <Trans>Fai inquadrare il codice con la fotocamera di un altro telefono, oppure invia il link.</Trans>
      </p>
      <QrCode text={link.url} label={t`Codice QR del link «${link.label}»`} />
      <div className="shl-ready-actions">
        <IonButton onClick={() => void copy()}>
          <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
          <Trans>Copia il link</Trans>
        </IonButton>
        {canShare && (
          <IonButton fill="outline" onClick={() => void share()}>
            <IonIcon slot="start" icon={shareSocialOutline} aria-hidden="true" />
            <Trans>Condividi</Trans>
          </IonButton>
        )}
      </div>
      {link.passcode ? (
        <div className="shl-reminder" role="note">
          <p>
            <Trans>Codice di accesso:</Trans> <strong className="shl-passcode-value">{link.passcode}</strong>
          </p>
          <p>
            <Trans>
              Non è nel link: comunicalo a parte. Dopo {SHL_PASSCODE_ATTEMPTS} codici sbagliati il link si
              blocca.
            </Trans>
          </p>
        </div>
      ) : (
        <div className="shl-reminder" role="note">
          <p>
            <Trans>Senza codice: chiunque abbia il link può aprirlo.</Trans>
          </p>
        </div>
      )}
      {/* Not inside its label: the address would become part of the field's name. */}
      <div className="field">
        <label htmlFor="shl-url" className="shl-field-label">
          {t`Link`}
        </label>
        <textarea
          id="shl-url"
          ref={field}
          className="shl-url"
          readOnly
          rows={3}
          value={link.url}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <p className="shl-hint">
        <Trans>
          Scade il {dateTime(link.expiresAt)}. Questo codice QR si vede solo ora: potrai comunque revocare il
          link dalla lista.
        </Trans>
      </p>
    </div>
  );
}
