/**
 * Closed value sets of API v1 (documented on the docs site: /docs/integrate/api-v1), spelt as v1
 * clients send them (several are lower case, unlike v2's). Only the v1 schemas and the v1 route
 * helpers use them, so they live beside the schemas rather than in domain/enums.ts.
 */
import {
  ADJUSTMENT_REASONS,
  AGE_INDICATORS,
  AUTHENTICATION_METHODS,
  CHANGE_INDICATORS,
  TAX_TYPES,
} from '../../../domain/enums';

export const V1_GENDER_CODES = ['male', 'female', 'unknown'] as const;
export const V1_CUSTOMER_TYPE_CODES = ['customer', 'business'] as const;
export const V1_ITEM_TYPE_CODES = [
  'product',
  'digital',
  'shipping_fees',
  'food_and_drink',
  'auto_and_motocycle',
  'culture_and_entertainment',
  'home_and_garden',
  'home_appliances',
  'bidding_and_multi_purchasing',
  'flowers_and_gifts',
  'computers_and_software',
  'health_and_beauty',
  'personal_services',
  'professional_services',
  'sport',
  'clothing_and_accessories',
  'travel_and_tourism',
  'hifi_photo_video',
  'telephone_and_communication',
] as const;
export const V1_DELIVERY_TYPE_CODES = [
  'user_delivery',
  'store_pickup',
  'external_pickup',
  'shelf_service',
  'digital_delivery',
] as const;
export const V1_DELIVERY_QUICKNESS_CODES = ['immediate', 'express', 'same_day', 'regular'] as const;
export const V1_TAX_TYPE_CODES = TAX_TYPES;
export const V1_ADJUSTMENT_REASON_CODES = ADJUSTMENT_REASONS;
// The 3-D Secure account vocabulary is v2's too: one list each, in domain/enums.ts.
export const V1_AUTHENTICATION_METHODS = AUTHENTICATION_METHODS;
export const V1_PRIOR_PAYMENT_AUTHENTICATIONS = ['ACS_FRICTIONLESS', 'ACS_CHALLENGE', 'ACS_VERIFIED', 'OTHER'] as const;
export const V1_AGE_INDICATORS = AGE_INDICATORS;
export const V1_CHANGE_INDICATORS = CHANGE_INDICATORS;
export const V1_PASSWORD_CHANGE_INDICATORS = [
  'GUEST',
  'NEW',
  'LESS_30_DAYS',
  'BETWEEN_30_60_DAYS',
  'MORE_60_DAYS',
] as const;
export const V1_CHALLENGE_INDICATORS = ['01', '02', '03', '04', '05', '06', '07', '08', '09'] as const;
export const V1_THREE_DS_EXEMPTIONS = [
  'Low value exemption',
  'TRA exemption',
  'Trusted beneficiary exemption',
  'Corporate card payment exemption',
] as const;

/** Transaction actions (section 4). */
export const V1_ACTIONS = ['AUTHORIZE', 'VOID', 'CAPTURE', 'REFUND', 'OFF_SESSION_AUTHORIZE'] as const;
export type V1Action = (typeof V1_ACTIONS)[number];

/** Status.state (section 4). */
export const V1_STATES = [
  'PENDING',
  'RETRY',
  'WAITING',
  'SUCCESS',
  'ERROR',
  'CUSTOMER',
  'MANUAL',
  'UNCERTAIN',
] as const;
export type V1State = (typeof V1_STATES)[number];

/** Status.code (section 4). */
export const V1_STATUS_CODES = [
  'SUCCEEDED',
  'FAILED',
  'CARD_EXPIRED',
  'UNKNOWN',
  'FORCED',
  'AMOUNT_EXCEEDED',
  'BLOCKED_BY_CUSTOMER',
  'BLOCKED_CARD',
  'DUPLICATED_TRANSACTION',
  'EXPIRED_AUTHORIZATION',
  'INSUFFICIENT_FUNDS',
  'REFUND_REQUESTED_TOO_LATE',
  'REJECTED_BANK',
  'REJECTED_BY_RISK_CHECKS',
  'TECHNICAL_ISSUE_TO_CONTACT_PARTNER',
  'TRANSACTION_NOT_SUPPORTED_BY_CARD',
  'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
  'UNKNOWN_CARD',
  'WAITING_PARTNER_RESPONSE',
  'WAITING_ONEPAY_ACTION',
  'CARD_ALREADY_ACTIVE',
  'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
  'WRONG_CARD_DATA',
  'BAD_REQUEST',
  'CARD_IS_NOT_ACTIVE',
  'UNCERTAIN',
] as const;
export type V1StatusCode = (typeof V1_STATUS_CODES)[number];

/** Settings (section 9). */
export const V1_PAYMENT_TIMES = ['ON_SHIPMENT', 'ON_ORDER', 'ON_PREPARATION', 'ON_DELIVERY', 'POST_DELIVERY'] as const;
export const V1_REFUND_TYPES = ['AUTO', 'MANUAL', 'CREDIT'] as const;
export const V1_REFUND_BACKUPS = ['MANUAL', 'CREDIT'] as const;

/** The third label of a protocol: the first eligible solution is the primary one. */
export const V1_PROTOCOL_RANKS = ['primary', 'secondary'] as const;
export type V1ProtocolRank = (typeof V1_PROTOCOL_RANKS)[number];
