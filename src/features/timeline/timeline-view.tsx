import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline, expandOutline, removeOutline } from 'ionicons/icons';
import type { JSX, KeyboardEvent } from 'react';
import { useCallback, useRef } from 'react';
import { formatDateTime } from '../../i18n/dates';
import { isLocale } from '../../i18n/locale';
import { LoadingState } from '../../ui/state-views';
import { createDisplay } from './display';
import { HEIGHT_MIN_PX, SCALE_LABEL } from './timeline-config';
import type { SortedDossier } from './timeline-items';
import { documentItem } from './timeline-items';
import type { VisTimelineControls } from './use-vis-timeline';
import { useVisTimeline } from './use-vis-timeline';
import './timeline.css';

export interface TimelineViewProps {
  /** The documents in date order (read by the worker, or `sortDossier`). */
  dossier: SortedDossier;
  isPhysician: boolean;
  height: number;
  onOpen: (documentId: number) => void;
  /** Receives the controls, so the page can redraw when Ionic shows it. */
  onReady?: (controls: VisTimelineControls) => void;
}

const ZOOM_STEP = 0.5;
const PAN_STEP = 0.2;

/**
 * Where the chart will be, with a spinner and its text: the same box while loading and drawing (the chart's
 * least height; it grows only with many stacked clusters).
 */
function TimelineLoading(): JSX.Element {
  const { t } = useLingui();
  return (
    <div className="timeline-loading" style={{ height: HEIGHT_MIN_PX }}>
      <LoadingState label={t`Caricamento della linea del tempo…`} />
    </div>
  );
}

/** The timeline screen while its documents load: the chart's place, held by the loading state. */
export function TimelineSkeleton(): JSX.Element {
  return (
    <section className="timeline">
      <div className="timeline-bar timeline-bar-placeholder" />
      <div className="timeline-stage">
        <TimelineLoading />
      </div>
    </section>
  );
}

/** The dossier on a time axis, with zoom buttons and keys for touch and keyboard users. */
export function TimelineView(props: TimelineViewProps): JSX.Element {
  const { dossier, isPhysician, height, onOpen, onReady } = props;
  const { t, i18n } = useLingui();
  const container = useRef<HTMLDivElement | null>(null);
  const notReadable = t`Documento non leggibile`;
  const locale = isLocale(i18n.locale) ? i18n.locale : 'it';
  const count = '{count}';
  const clusterTitle = t`${count} documenti: tocca per ingrandire`;
  const display = useCallback(
    () =>
      createDisplay({
        dossier,
        clusterTitle,
        documentItem: (doc) =>
          documentItem(doc, { isPhysician, notReadable, formatDate: (iso) => formatDateTime(iso, locale) }),
      }),
    [dossier, clusterTitle, isPhysician, notReadable, locale],
  );
  const controls = useVisTimeline({ container, dossier, display, height, locale: i18n.locale, onOpen });
  onReady?.(controls);

  const { ready } = controls;

  const keys = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (!ready) return;
    switch (event.key) {
      case '+':
      case '=':
        controls.zoom(ZOOM_STEP);
        break;
      case '-':
        controls.zoom(1 / ZOOM_STEP);
        break;
      case '0':
        controls.fit();
        break;
      case 'ArrowLeft':
        controls.pan(-PAN_STEP);
        break;
      case 'ArrowRight':
        controls.pan(PAN_STEP);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <section className="timeline" aria-label={t`Linea del tempo dei documenti`}>
      <div className="timeline-bar">
        <p className={ready ? 'timeline-scale' : 'timeline-scale timeline-scale-pending'} aria-live="polite">
          <Trans>Scala:</Trans> <strong>{i18n._(SCALE_LABEL[controls.scale])}</strong>
        </p>
        <div className="timeline-zoom">
          <IonButton
            fill="outline"
            disabled={!ready}
            onClick={() => controls.zoom(ZOOM_STEP)}
            aria-label={t`Ingrandisci`}
          >
            <IonIcon slot="icon-only" icon={addOutline} aria-hidden="true" />
          </IonButton>
          <IonButton
            fill="outline"
            disabled={!ready}
            onClick={() => controls.zoom(1 / ZOOM_STEP)}
            aria-label={t`Riduci`}
          >
            <IonIcon slot="icon-only" icon={removeOutline} aria-hidden="true" />
          </IonButton>
          <IonButton
            fill="outline"
            disabled={!ready}
            onClick={controls.fit}
            aria-label={t`Mostra tutti i documenti`}
          >
            <IonIcon slot="icon-only" icon={expandOutline} aria-hidden="true" />
          </IonButton>
        </div>
      </div>
      <div className="timeline-stage">
        {!ready && <TimelineLoading />}
        <div
          ref={container}
          className="timeline-canvas"
          aria-busy={!ready}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: an application region operated with the keys in its label
          tabIndex={0}
          role="application"
          aria-roledescription={t`linea del tempo`}
          aria-label={t`Asse del tempo: + e - per lo zoom, frecce per spostarsi, 0 per vedere tutto`}
          onKeyDown={keys}
        />
      </div>
      <p className="muted timeline-hint">
        <Trans>Tocca un gruppo per ingrandirlo, un documento per aprirlo.</Trans>
      </p>
    </section>
  );
}
