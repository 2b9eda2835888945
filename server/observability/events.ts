/**
 * Operational events the services report (logins refused, pushes, SMS), for the metrics. Nothing is
 * counted until the metrics install a recorder (METRICS_PORT): with metrics off each report is one call
 * to an empty function, and prom-client is never loaded.
 */
export type LoginStep = 'password' | 'sms_code' | 'totp' | 'passkey';
/** A push service's answer: took it (2xx), forgot the device (404, 410), refused it, or never answered. */
export type PushOutcome = 'delivered' | 'gone' | 'refused' | 'failed';
export type SmsOutcome = 'sent' | 'failed';

export interface OperationalEvents {
  /** A wrong password or code at the identity provider's login. */
  loginFailed(step: LoginStep): void;
  /** An attempt refused because its username's or address's failures reached the window's limit. */
  lockedOut(scope: string): void;
  pushDelivery(outcome: PushOutcome): void;
  sms(outcome: SmsOutcome): void;
}

const ignored: OperationalEvents = {
  loginFailed: () => {},
  lockedOut: () => {},
  pushDelivery: () => {},
  sms: () => {},
};

let recorder: OperationalEvents = ignored;

/** What the services call; forwards to the installed recorder. */
export const operationalEvents: OperationalEvents = {
  loginFailed: (step) => recorder.loginFailed(step),
  lockedOut: (scope) => recorder.lockedOut(scope),
  pushDelivery: (outcome) => recorder.pushDelivery(outcome),
  sms: (outcome) => recorder.sms(outcome),
};

/** Installs the process's recorder (one per process: the metrics registry); returns the uninstall. */
export function recordOperationalEvents(next: OperationalEvents): () => void {
  recorder = next;
  return () => {
    if (recorder === next) recorder = ignored;
  };
}

/** The push outcome of a push service's HTTP status (0: no answer, a network error or the timeout). */
export function pushOutcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  return status === 0 ? 'failed' : 'refused';
}
