// What the phase tests' worker registers: the test-only phase workflows, and the shipped workflows
// a phase test runs whole (the client session, and the payment it starts as its child).
export { authorizationPhase, compensationPhase, operationsPhase, paymentProcess } from './phases';
export { clientSessionWorkflow } from '../../../../workflows/client-session/client-session';
export { paymentWorkflow } from '../../../../workflows/payment/payment';
