/**
 * The PRIpri colour (spec 4) as a dot with its meaning in words: the staff patient list and the PRIpri
 * screen share it. Colour is never the only signal: the label says it.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { PripriColour } from '../contract/pripri';
import './pripri-dot.css';

export const PRIPRI_COLOUR_TEXT: Readonly<Record<PripriColour, MessageDescriptor>> = {
  green: msg`PRIpri verde: tutte le sessioni sopra la soglia verde`,
  yellow: msg`PRIpri giallo: alcune sessioni sotto la soglia verde`,
  red: msg`PRIpri rosso: almeno una sessione sotto la soglia rossa`,
  blue: msg`PRIpri blu: nessun PRIpri attivo o nessuna sessione`,
};

export function PripriDot({ colour }: { colour: PripriColour }): JSX.Element {
  const { i18n } = useLingui();
  const label = i18n._(PRIPRI_COLOUR_TEXT[colour]);
  return <span className={`pripri-dot pripri-${colour}`} role="img" aria-label={label} title={label} />;
}
