// Stripe's API takes application/x-www-form-urlencoded bodies with nested keys: objects as
// `card[exp_month]=12`, arrays as `expand[0]=latest_charge`. Undefined values are left out, so a
// body built from optional fields never sends an empty parameter Stripe would read as "unset".

export type FormValue = string | number | boolean | undefined | null | FormValue[] | { [key: string]: FormValue };

export function formEncode(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const add = (key: string, value: FormValue): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [child, childValue] of Object.entries(value)) add(`${key}[${child}]`, childValue);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}
