/**
 * What the rules read, as structural types. The API schemas' `Static<>` types are
 * assignable to these (checked in the tests), and so is anything a v1 adapter builds, so
 * the domain does not depend on TypeBox or on the HTTP layer. Every field is optional or
 * loosely typed where the schema might not have run: rules re-check what they rely on.
 */

export interface AddressInput {
  readonly address_lines?: readonly string[] | undefined;
  readonly country_code?: string | undefined;
  readonly province_code?: string | undefined;
  readonly phone_number?: string | undefined;
  readonly mobile_phone_number?: string | undefined;
  readonly work_phone_number?: string | undefined;
}

export interface ItemLineInput {
  readonly tax_amount?: number | undefined;
  readonly discount_amount?: number | undefined;
}

export interface ShipmentInput {
  readonly shipping_address?: AddressInput | undefined;
  readonly item_lines?: readonly ItemLineInput[] | undefined;
}

export interface OrderInput {
  readonly net_amount?: number | undefined;
  readonly tax_amount?: number | undefined;
  readonly discount_amount?: number | undefined;
  readonly billing_address?: AddressInput | undefined;
  readonly shipments?: readonly ShipmentInput[] | undefined;
}

export interface CustomerInput {
  readonly locale?: string | undefined;
}

export interface ThreeDsOptionsInput {
  // Strings, not the enums: this is unchecked input, validated against them.
  readonly challenge_indicator?: string | undefined;
  readonly challenge_exemption?: string | undefined;
}

export interface PaymentSolutionInput {
  readonly partner: string;
  readonly method: string;
}

export interface CardEntryInput {
  readonly holder_name?: string | undefined;
  readonly expiry_month?: string | undefined;
  readonly expiry_year?: string | undefined;
  /** Checked against the networks the partner processes when the legs are planned (domain/payment-legs.ts). */
  readonly selected_network?: string | undefined;
}
