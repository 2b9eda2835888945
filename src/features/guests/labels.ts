/** How the portal names relationships and rights (the server keeps the codes). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GuestRelationship, GuestRight } from '../../contract/guests';

export const RELATIONSHIPS: readonly GuestRelationship[] = ['mate', 'parent', 'son', 'otherFamily', 'other'];

export const RELATIONSHIP_LABEL: Readonly<Record<GuestRelationship, MessageDescriptor>> = {
  mate: msg`Coniuge o partner`,
  parent: msg`Genitore`,
  son: msg`Figlio o figlia`,
  otherFamily: msg`Altro familiare`,
  other: msg`Altra persona`,
};

export const RIGHTS: readonly GuestRight[] = ['dossier', 'download', 'chat', 'messaging', 'project'];

export const RIGHT_LABEL: Readonly<Record<GuestRight, MessageDescriptor>> = {
  dossier: msg`Consultare tutto il dossier`,
  download: msg`Scaricare i documenti`,
  chat: msg`Chat`,
  messaging: msg`Messaggi`,
  project: msg`Progetti di cura`,
};

export const RIGHT_HINT: Readonly<Record<GuestRight, MessageDescriptor>> = {
  dossier: msg`Vede tutti i documenti, tranne quelli oscurati per questa relazione.`,
  download: msg`Può scaricare in PDF i documenti che vede.`,
  chat: msg`Può usare la chat quando è disponibile.`,
  messaging: msg`Può scambiare messaggi quando la funzione è disponibile.`,
  project: msg`Può seguire i progetti di cura a cui partecipi.`,
};
