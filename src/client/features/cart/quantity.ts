/**
 * What the quantity box holds becomes a quantity: anything that is not a number is 1, below 1 is ignored
 * (null: no change), and never more than the stock.
 */
export function quantityFromInput(text: string, stock: number): number | null {
  const n = Number.parseInt(text, 10);
  if (Number.isNaN(n)) return 1;
  if (n < 1) return null;
  return Math.min(n, Math.max(stock, 1));
}
