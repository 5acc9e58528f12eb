/** A client session's workflow id: the API, the payment's parent link and the tests derive it here only. */
export const clientSessionWorkflowId = (sessionId: string) => `client-session/${sessionId}`;
