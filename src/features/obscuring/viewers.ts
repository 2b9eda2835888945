/** The viewers a document can be hidden from, their labels, and the small rules of a choice. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { noObscuring, type ObscuringInfo } from '../../contract/documents';

export type Viewer = keyof ObscuringInfo;

/** Staff first, then the patient's authorised people (guests) by relationship. */
export const STAFF_VIEWERS: readonly Viewer[] = ['general', 'specialist', 'operator'];
export const GUEST_VIEWERS: readonly Viewer[] = ['mate', 'parent', 'son', 'otherFamily', 'other'];
export const VIEWERS: readonly Viewer[] = [...STAFF_VIEWERS, ...GUEST_VIEWERS];

export const VIEWER_LABEL: Readonly<Record<Viewer, MessageDescriptor>> = {
  general: msg`Tutti gli operatori sanitari`,
  specialist: msg`Medici specialisti`,
  operator: msg`Operatori`,
  mate: msg`Coniuge o partner`,
  parent: msg`Genitori`,
  son: msg`Figli`,
  otherFamily: msg`Altri familiari`,
  other: msg`Altre persone autorizzate`,
};

export const VIEWER_HINT: Readonly<Partial<Record<Viewer, MessageDescriptor>>> = {
  general: msg`Medici, operatori e amministratori, e ogni persona autorizzata`,
  specialist: msg`I medici che consultano il dossier`,
  operator: msg`Il personale amministrativo e di sportello`,
};

export function hiddenFrom(info: ObscuringInfo): Viewer[] {
  return VIEWERS.filter((viewer) => info[viewer]);
}

export function sameViewers(a: ObscuringInfo, b: ObscuringInfo): boolean {
  return VIEWERS.every((viewer) => a[viewer] === b[viewer]);
}

/**
 * What ticking a document proposes: a visible document is hidden from all healthcare staff, a hidden
 * one is shown again to everyone. The sheet refines it.
 */
export function proposedChoice(current: ObscuringInfo): ObscuringInfo {
  return hiddenFrom(current).length > 0 ? noObscuring : { ...noObscuring, general: true };
}
