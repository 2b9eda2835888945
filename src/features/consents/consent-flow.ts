/**
 * The parameters of a consent collection, carried in the URL from screen to screen (so a reload or a new
 * login lands on the same flow). Names follow the spec's redirect target signNewConsents: medium,
 * selectedPatient, selectedFiscalCode, mediumSelectionRequired, medmakerModel; the rest are ours.
 */
import type { QueryParams } from '../../routing/paths';

export type ConsentFlowAction = 'give' | 'revoke';
export type SignerChoice = 'self' | 'other' | 'choose';

export interface ConsentFlow {
  patientId: number;
  fiscalCode: string | null;
  /** Model code or consent code of the consent to collect. */
  model: string | null;
  projectId: number | null;
  action: ConsentFlowAction;
  medium: 'digital' | 'paper';
  mediumSelectionRequired: boolean;
  /** self: the patient signs (dossier consent at first login); other/choose: a signer step. */
  signer: SignerChoice;
  /** Where the wizard's "Fine" leads; the consent list when absent. */
  returnTo: string | null;
}

const positive = (text: string | null): number | null => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : null;
};

export function parseConsentFlow(search: string): ConsentFlow | null {
  const query = new URLSearchParams(search);
  const patientId = positive(query.get('selectedPatient') ?? query.get('patientId'));
  if (patientId === null) return null;
  const signer = query.get('signer');
  const returnTo = query.get('returnTo');
  return {
    patientId,
    fiscalCode: query.get('selectedFiscalCode'),
    model: query.get('medmakerModel') ?? query.get('consentCode'),
    projectId: positive(query.get('projectId')),
    action: query.get('action') === 'revoke' ? 'revoke' : 'give',
    medium: query.get('medium') === 'paper' ? 'paper' : 'digital',
    mediumSelectionRequired: query.get('mediumSelectionRequired') === 'true',
    signer: signer === 'other' || signer === 'choose' ? signer : 'self',
    returnTo: returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null,
  };
}

export function consentFlowQuery(flow: Partial<ConsentFlow> & { patientId: number }): QueryParams {
  return {
    medium: flow.medium ?? 'digital',
    selectedPatient: flow.patientId,
    selectedFiscalCode: flow.fiscalCode ?? undefined,
    mediumSelectionRequired: flow.mediumSelectionRequired ? 'true' : undefined,
    medmakerModel: flow.model ?? undefined,
    projectId: flow.projectId ?? undefined,
    action: flow.action === 'revoke' ? 'revoke' : undefined,
    signer: flow.signer && flow.signer !== 'self' ? flow.signer : undefined,
    returnTo: flow.returnTo ?? undefined,
  };
}

/** One draft per consent, action, project and patient. */
export function consentFlowId(flow: ConsentFlow, consentCode: string): string {
  return `consent:${consentCode}:${flow.action}:${flow.patientId}:${flow.projectId ?? ''}:${flow.signer}`;
}
