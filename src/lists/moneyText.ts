// Money as people read it (docs/resources.md "Fields", `money`): "£1,250.00" in lists and phone cards,
// and the currency's symbol beside the form's input. The API sends amounts as decimal strings
// ("1250.00"); formatting them for the eye may go through a number, as 12 digits fit a double.
const formats = new Map<string, Intl.NumberFormat>();

const formatOf = (currency: string) => {
  let f = formats.get(currency);
  if (!f) formats.set(currency, (f = new Intl.NumberFormat('en-GB', { style: 'currency', currency })));
  return f;
};

/** "1250.5" in GBP → "£1,250.50"; nothing for none, and anything that is not an amount as it came. */
export function moneyText(value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? formatOf(currency).format(n) : String(value);
}

/** The currency's symbol as en-GB writes it: "£" for GBP, "€" for EUR, "US$" for USD. */
export function currencySymbol(currency: string): string {
  return (
    formatOf(currency)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}
