/**
 * Zoom of an embedded PDF (the signing wizard's documents): − / + buttons from 100 % to 300 %, and a two-finger
 * pinch on the pages, previewed with a CSS scale while the fingers move and redrawn sharp when they lift.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import { addOutline, removeOutline } from 'ionicons/icons';
import type { JSX, TouchEvent } from 'react';
import { useRef, useState } from 'react';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;
const STEP = 0.25;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom / STEP) * STEP));
}

export function ZoomBar({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }): JSX.Element {
  const { t } = useLingui();
  const percent = Math.round(zoom * 100);
  return (
    <fieldset className="pdf-zoom-bar">
      <legend className="visually-hidden">{t`Zoom del documento`}</legend>
      <IonButton
        fill="outline"
        disabled={zoom <= MIN_ZOOM}
        onClick={() => onZoom(clampZoom(zoom - STEP))}
        aria-label={t`Riduci`}
      >
        <IonIcon slot="icon-only" icon={removeOutline} aria-hidden="true" />
      </IonButton>
      <output className="pdf-zoom-value" aria-live="polite">
        {percent}%
      </output>
      <IonButton
        fill="outline"
        disabled={zoom >= MAX_ZOOM}
        onClick={() => onZoom(clampZoom(zoom + STEP))}
        aria-label={t`Ingrandisci`}
      >
        <IonIcon slot="icon-only" icon={addOutline} aria-hidden="true" />
      </IonButton>
    </fieldset>
  );
}

const spread = (event: TouchEvent): number => {
  const [a, b] = [event.touches[0], event.touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
};

/** Two-finger pinch: `preview` scales the pages while pinching; lifting the fingers sets the zoom. */
export function usePinchZoom(
  zoom: number,
  onZoom: (zoom: number) => void,
): {
  preview: number;
  handlers: {
    onTouchStart: (event: TouchEvent) => void;
    onTouchMove: (event: TouchEvent) => void;
    onTouchEnd: () => void;
  };
} {
  const start = useRef(0);
  const [preview, setPreview] = useState(1);
  const ratio = useRef(1);
  return {
    preview,
    handlers: {
      onTouchStart: (event) => {
        if (event.touches.length === 2) start.current = spread(event);
      },
      onTouchMove: (event) => {
        if (event.touches.length !== 2 || start.current === 0) return;
        ratio.current = clampZoom(zoom * (spread(event) / start.current)) / zoom;
        setPreview(ratio.current);
      },
      onTouchEnd: () => {
        if (start.current === 0) return;
        start.current = 0;
        onZoom(clampZoom(zoom * ratio.current));
        ratio.current = 1;
        setPreview(1);
      },
    },
  };
}
