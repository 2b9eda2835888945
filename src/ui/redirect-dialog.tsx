/**
 * The redirect dialog of spec section 8: it counts down 5 s, then navigates. `showRedirect` is a
 * plain function; `<RedirectDialogHost />` is mounted once inside the router.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { atom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { appStore } from '../state/store';

export const REDIRECT_COUNTDOWN_MS = 5000;

/** Ionic's modal loads with the first redirect, not with the first screen. */
const IonModal = lazy(() => import('./ionic/modal').then((module) => ({ default: module.IonModal })));

export interface RedirectRequest {
  id: number;
  message: MessageDescriptor;
  to: string;
}

export const redirectAtom = atom<RedirectRequest | null>(null);
let nextId = 1;

export function showRedirect(message: MessageDescriptor, to: string): void {
  appStore().set(redirectAtom, { id: nextId++, message, to });
}

export function RedirectDialogHost(): JSX.Element | null {
  const request = useAtomValue(redirectAtom);
  return request ? <RedirectDialog key={request.id} request={request} /> : null;
}

function clearRedirect(id: number): void {
  const store = appStore();
  if (store.get(redirectAtom)?.id === id) store.set(redirectAtom, null);
}

function RedirectDialog({ request }: { request: RedirectRequest }): JSX.Element {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(REDIRECT_COUNTDOWN_MS / 1000);

  useEffect(() => {
    const timer = window.setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (seconds > 0) return;
    clearRedirect(request.id);
    navigate(request.to);
  }, [seconds, navigate, request]);

  const goNow = (): void => setSeconds(0);

  return (
    <Suspense fallback={null}>
      <IonModal
        isOpen
        className="redirect-dialog"
        backdropDismiss={false}
        // Ionic's dialog element is in its shadow root: an id outside cannot name it, aria-label is copied in.
        aria-label={i18n._(request.message)}
        onDidDismiss={() => clearRedirect(request.id)}
      >
        <div className="ion-padding redirect-dialog-body">
          <h2>{i18n._(request.message)}</h2>
          <p aria-live="polite" aria-atomic="true">
            <Plural
              value={seconds}
              one="Verrai reindirizzato tra # secondo."
              other="Verrai reindirizzato tra # secondi."
            />
          </p>
          <IonButton expand="block" onClick={goNow}>
            <Trans>Vai ora</Trans>
          </IonButton>
        </div>
      </IonModal>
    </Suspense>
  );
}
