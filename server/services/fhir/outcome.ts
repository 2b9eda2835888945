import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { ErrorReply } from '../../../src/contract';

type IssueType = OperationOutcomeIssue['code'];

/** FHIR's issue type (http://hl7.org/fhir/issue-type) for each status the portal answers. */
function issueType(status: number): IssueType {
  switch (status) {
    case 400:
      return 'invalid';
    case 401:
      return 'login';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 409:
      return 'conflict';
    case 413:
      return 'too-long';
    case 429:
      return 'throttled';
    case 503:
      return 'transient';
    default:
      return 'exception';
  }
}

/**
 * The portal's error reply as FHIR says errors (an OperationOutcome): the catalogue's code as diagnostics,
 * its text as details, a field in error as the issue's expression; the status stays the reply's. Never a
 * stack: a 500 carries only the id the log has it under.
 */
export function operationOutcome(reply: ErrorReply): OperationOutcome {
  const base = {
    severity: 'error',
    code: issueType(reply.status),
    details: { text: reply.message },
    diagnostics: reply.errorId ? `${reply.code} (${reply.errorId})` : reply.code,
  } satisfies OperationOutcomeIssue;
  const issue: OperationOutcomeIssue[] = reply.fields?.length
    ? reply.fields.map((field) => ({
        ...base,
        diagnostics: `${reply.code}: ${field.field} ${field.code}`,
        expression: [field.field],
      }))
    : [base];
  return { resourceType: 'OperationOutcome', issue };
}
