/** The v1 error answer. Same shape as the wallet API's ApiError; its own name so v1 documents stand alone. */
import { Type, type Static } from 'typebox';
import { ApiError } from '../v2/errors';

export const V1ApiError = Type.Object(ApiError.properties, {
  $id: 'V1ApiError',
  description: 'Error answer of API v1 (error_code from the v1 catalogue; request_id repeats the x-request-id header).',
});
export type V1ApiError = Static<typeof V1ApiError>;
