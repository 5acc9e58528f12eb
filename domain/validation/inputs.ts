/**
 * What the rules read, as structural types. The API schemas' `Static<>` types are
 * assignable to these (checked in the tests), and so is anything a v1 adapter builds, so
 * the domain does not depend on TypeBox or on the HTTP layer. Every field is optional or
 * loosely typed where the schema might not have run: rules re-check what they rely on.
 */

export interface AddressInput {
  readonly address_lines?: readonly string[];
  readonly country_code?: string;
  readonly province_code?: string;
  readonly phone_number?: string;
  readonly mobile_phone_number?: string;
  readonly work_phone_number?: string;
}

export interface ItemLineInput {
  readonly tax_amount?: number;
  readonly discount_amount?: number;
}

export interface ShipmentInput {
  readonly shipping_address?: AddressInput;
  readonly item_lines?: readonly ItemLineInput[];
}

export interface OrderInput {
  readonly net_amount?: number;
  readonly tax_amount?: number;
  readonly discount_amount?: number;
  readonly billing_address?: AddressInput;
  readonly shipments?: readonly ShipmentInput[];
}

export interface CustomerInput {
  readonly locale?: string;
}

export interface ThreeDsOptionsInput {
  // Strings, not the enums: this is unchecked input, validated against them.
  readonly challenge_indicator?: string;
  readonly challenge_exemption?: string;
}

export interface PaymentSolutionInput {
  readonly partner: string;
  readonly method: string;
}

export interface CardEntryInput {
  readonly holder_name?: string;
  readonly expiry_month?: string;
  readonly expiry_year?: string;
  /** Checked against the networks the partner processes when the legs are planned (domain/payment-legs.ts). */
  readonly selected_network?: string;
}
