/** Pure validation rules. Each returns every FieldError it finds, with a JSON pointer. */
export * from './address';
export * from './amounts';
export * from './card';
export * from './checkout-submission';
export * from './client-session';
export * from './create-payment';
export * from './field-error';
export * from './formats';
export * from './future-usage';
export type * from './inputs';
export * from './operation';
export * from './order';
export * from './webhook-headers';
