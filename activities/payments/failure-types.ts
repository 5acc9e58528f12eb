/**
 * Failure types of partner-call activities that no retry can cure (a malformed request, an unknown
 * partner, a token the vault no longer holds). The workflows list them as non-retryable.
 */
export const permanentFailureTypes = ['PartnerRequestError', 'UnknownPartnerError', 'InstrumentUnavailable'];
