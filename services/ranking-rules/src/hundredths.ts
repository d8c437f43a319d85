/**
 * Exact decimal arithmetic for weights (docs/product/rules.md#s5 rule 8): weights become integer
 * hundredths, sums are integers, and a sum is turned back into a number only for display.
 */

/**
 * `value` × 100 as an integer, read from the number's shortest decimal spelling (`String(value)`)
 * rather than by float multiplication, so 0.3 → 30, 0.1 + 0.2 (0.30000000000000004) → 30, 5.33 →
 * 533 and 1.005 → 101. Digits beyond the second decimal are rounded half away from zero; for the
 * contract's weights (at most 2 decimals) nothing is rounded.
 * @throws RangeError when value is not finite or the result is not a safe integer.
 */
export function toHundredths(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  // |value| × 100 = digits × 10^shift
  const shift = Number(exponent) - fraction.length + 2;
  const magnitude =
    shift >= 0 ? Number(digits + '0'.repeat(shift)) : roundDroppingDigits(digits, -shift);
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`too large: ${value}`);
  return value < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

/** The integer `digits` / 10^dropped, rounded half up (digits are non-negative). */
function roundDroppingDigits(digits: string, dropped: number): number {
  const kept = digits.length - dropped;
  if (kept < 0) return 0; // the first dropped digit is an implicit leading 0
  const truncated = kept === 0 ? 0 : Number(digits.slice(0, kept));
  return digits.charCodeAt(kept) >= '5'.charCodeAt(0) ? truncated + 1 : truncated;
}

/**
 * Integer hundredths → number with at most 2 decimals (4150 → 41.5). IEEE division is correctly
 * rounded, so the result is the double closest to the decimal, i.e. the same number `41.5` parses to.
 */
export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}
