/** Limits of the API's fields, shared by the API schemas and the domain rules. */
export const MAX_ADDRESS_LINES = 5;
