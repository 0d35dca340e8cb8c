// The lists' "Address" column: line 1, city and postcode, whichever are set.
type AddressParts = { address_line_1?: string | null; city?: string | null; postcode?: string | null };

export const shortAddress = (r: AddressParts): string =>
  [r.address_line_1, r.city, r.postcode].filter((p) => p && p.trim()).join(', ');
