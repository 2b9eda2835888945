/**
 * The chrome of every sheet (a modal sliding up from the bottom): a toolbar with the title and a close
 * button, the content, an optional footer. The sheet is named by its title, the close button is a 44 px
 * target, and closing gives the focus back to the control that opened it.
 */
import { IonButton, IonButtons, IonContent, IonHeader, IonTitle, IonToolbar } from '@ionic/react';
import { Trans } from '@lingui/react/macro';
import type { JSX, ReactNode, RefObject } from 'react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { IonFooter } from './ionic/footer';
import './sheet.css';

/** Ionic's modal loads with the first sheet that opens, not with the screens that only may open one. */
const IonModal = lazy(() => import('./ionic/modal').then((module) => ({ default: module.IonModal })));

export interface SheetProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Actions kept on screen below the content. */
  footer?: ReactNode;
  className?: string;
  /** The close button waits, e.g. while a file is being sent. */
  closeDisabled?: boolean;
  /** Stops where the sheet rests (fractions of the screen); a full-height modal without them. */
  breakpoints?: number[];
  initialBreakpoint?: number;
  /** What takes the focus once the sheet is shown (a step's heading); Ionic's dialog keeps it otherwise. */
  focusOnShow?: RefObject<HTMLElement | null>;
}

/** Frames (about half a second) during which the element to focus may still be rendering. */
const FOCUS_FRAMES = 30;

export function Sheet({
  open,
  title,
  onClose,
  children,
  footer,
  className,
  closeDisabled = false,
  breakpoints,
  initialBreakpoint,
  focusOnShow,
}: SheetProps): JSX.Element | null {
  const titleId = useId();
  // Rendered from the first opening on (the modal then stays, so that closing animates).
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const opener = useRef<HTMLElement | null>(null);
  const modal = useRef<HTMLIonModalElement | null>(null);
  const focusFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(focusFrame.current), []);

  // Ionic puts role="dialog" on an element of its shadow root, which an id outside cannot label, and
  // reads `aria-label` only when the modal is first created: the title is copied there once shown.
  const name = (): void => nameDialog(modal.current, document.getElementById(titleId)?.textContent ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title is the trigger, read from the page
  useEffect(() => {
    if (open) name();
  }, [open, title]);

  // The control that had the focus when the sheet opened (the sheet itself is not in the page yet).
  useEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);

  // Ionic focuses its dialog when it is shown; without an animation (reduced motion) that can come after
  // didPresent, so the element is focused on the frames that follow, once it is rendered.
  const focusSoon = (target: RefObject<HTMLElement | null>, framesLeft: number): void => {
    focusFrame.current = requestAnimationFrame(() => {
      const element = target.current;
      if (element && modal.current?.contains(element)) {
        if (document.activeElement !== element) element.focus();
      } else if (framesLeft > 0) focusSoon(target, framesLeft - 1);
    });
  };
  const presented = (): void => {
    name();
    if (focusOnShow) focusSoon(focusOnShow, FOCUS_FRAMES);
  };

  const dismissed = (): void => {
    onClose();
    const control = opener.current;
    opener.current = null;
    if (control?.isConnected) control.focus();
  };

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <IonModal
        ref={modal}
        isOpen={open}
        onDidPresent={presented}
        onDidDismiss={dismissed}
        aria-labelledby={titleId}
        className={className ? `sheet ${className}` : 'sheet'}
        breakpoints={breakpoints}
        initialBreakpoint={initialBreakpoint}
        // With breakpoints, the footer stays on screen at every stop; the content scrolls above it.
        expandToScroll={breakpoints ? false : undefined}
      >
        <IonHeader>
          <IonToolbar>
            <IonTitle id={titleId}>{title}</IonTitle>
            <IonButtons slot="end">
              <IonButton className="sheet-close" onClick={onClose} disabled={closeDisabled}>
                <Trans>Chiudi</Trans>
              </IonButton>
            </IonButtons>
          </IonToolbar>
        </IonHeader>
        <IonContent className="ion-padding">{children}</IonContent>
        {footer && (
          <IonFooter>
            <IonToolbar>{footer}</IonToolbar>
          </IonFooter>
        )}
      </IonModal>
    </Suspense>
  );
}

/** Names the dialog element of an `ion-modal` (inside its shadow root). */
export function nameDialog(modal: HTMLElement | null, name: string): void {
  const dialog = modal?.shadowRoot?.querySelector('[role="dialog"]');
  if (!dialog || !name) return;
  dialog.setAttribute('aria-label', name.trim());
}
