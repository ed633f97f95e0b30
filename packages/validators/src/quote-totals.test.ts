import { describe, expect, it } from "vitest";
import {
  centsToDollarText,
  depositCents,
  divideHalfUp,
  formatCents,
  formatPercent,
  formatQuantity,
  hasAtMostDecimals,
  lineTotalCents,
  quoteTotals,
  taxCents,
} from "./quote-totals.js";

describe("a line's total", () => {
  it("rounds half a cent up: 1.5 × 333 cents is 499.5, so 500", () => {
    expect(lineTotalCents({ quantity: 1.5, unitPriceCents: 333 })).toBe(500);
  });

  it("rounds below half a cent down: 1.25 × 333 cents is 416.25, so 416", () => {
    expect(lineTotalCents({ quantity: 1.25, unitPriceCents: 333 })).toBe(416);
  });

  it("is exact where floating point is not: 1.15 × 100 and 0.29 × 100 cents", () => {
    // 1.15 * 100 is 114.99999999999999 and 0.29 * 100 is 28.999999999999996 in floating point.
    expect(lineTotalCents({ quantity: 1.15, unitPriceCents: 100 })).toBe(115);
    expect(lineTotalCents({ quantity: 0.29, unitPriceCents: 100 })).toBe(29);
    expect(lineTotalCents({ quantity: 0.01, unitPriceCents: 50 })).toBe(1);
    expect(lineTotalCents({ quantity: 0.01, unitPriceCents: 49 })).toBe(0);
  });

  it("stays exact for the largest quantities and prices", () => {
    expect(lineTotalCents({ quantity: 99_999.99, unitPriceCents: 100_000_000 })).toBe(9_999_999_000_000);
  });
});

describe("a quote's totals", () => {
  const lines = [
    { id: "a", quantity: 1, unitPriceCents: 350_000, optional: false },
    { id: "b", quantity: 120.5, unitPriceCents: 299, optional: false },
    { id: "c", quantity: 1, unitPriceCents: 129_900, optional: true },
    { id: "d", quantity: 2, unitPriceCents: 4_999, optional: true },
  ];

  it("sums the non-optional lines, takes the discount off before tax, taxes once", () => {
    const totals = quoteTotals({ lines, discountCents: 10_000, taxRatePercent: 7, deposit: { percent: 25 } });
    // 350,000 + 120.5 × 299 (36,029.5 → 36,030) = 386,030; − 10,000 = 376,030; tax 7% = 26,322.1 → 26,322.
    expect(totals).toEqual({
      lineTotalsCents: [350_000, 36_030, 129_900, 9_998],
      subtotalCents: 386_030,
      discountCents: 10_000,
      taxCents: 26_322,
      totalCents: 402_352,
      // 25% of 402,352 = 100,588.
      depositCents: 100_588,
    });
  });

  it("computes tax on the discounted subtotal, not on each line", () => {
    // Per line, 7% of 0.07 and of 0.07 would each round to 0; of the sum, 0.98 rounds to 1.
    const two = [
      { quantity: 1, unitPriceCents: 7, optional: false },
      { quantity: 1, unitPriceCents: 7, optional: false },
    ];
    expect(quoteTotals({ lines: two, discountCents: 0, taxRatePercent: 7, deposit: null }).taxCents).toBe(1);
    // The discount comes first: 10,000 − 5,000 at 10% is 500, not 1,000 − 5,000.
    const one = [{ quantity: 1, unitPriceCents: 10_000, optional: false }];
    expect(quoteTotals({ lines: one, discountCents: 5_000, taxRatePercent: 10, deposit: null })).toMatchObject({
      subtotalCents: 10_000,
      taxCents: 500,
      totalCents: 5_500,
    });
  });

  it("rounds tax half up, with rates of up to 3 decimals", () => {
    expect(taxCents(10, 5)).toBe(1); // 0.5 → 1
    expect(taxCents(9, 5)).toBe(0); // 0.45 → 0
    expect(taxCents(999, 7.25)).toBe(72); // 72.4275
    expect(taxCents(200, 6.975)).toBe(14); // 13.95 → 14
    expect(taxCents(10_000, 6.975)).toBe(698); // 697.5 → 698
    expect(taxCents(0, 7)).toBe(0);
  });

  it("includes the accepted optional lines at approval, recomputing tax and deposit", () => {
    const totals = quoteTotals({
      lines,
      discountCents: 10_000,
      taxRatePercent: 7,
      deposit: { percent: 25 },
      acceptedOptionalLineIds: ["c"],
    });
    // 386,030 + 129,900 = 515,930; − 10,000 = 505,930; tax 35,415.1 → 35,415; total 541,345; 25% = 135,336.25 → 135,336.
    expect(totals).toMatchObject({ subtotalCents: 515_930, taxCents: 35_415, totalCents: 541_345, depositCents: 135_336 });
    // An id that is not an optional line's changes nothing.
    expect(
      quoteTotals({ lines, discountCents: 0, taxRatePercent: 0, deposit: null, acceptedOptionalLineIds: ["a", "zzz"] }).subtotalCents,
    ).toBe(386_030);
  });

  it("never discounts below zero", () => {
    const one = [{ quantity: 1, unitPriceCents: 1_000, optional: false }];
    expect(quoteTotals({ lines: one, discountCents: 5_000, taxRatePercent: 8, deposit: null })).toMatchObject({
      discountCents: 1_000,
      taxCents: 0,
      totalCents: 0,
    });
  });

  it("rounds a deposit share half up, and keeps a fixed deposit within the total", () => {
    expect(depositCents(1_001, { percent: 50 })).toBe(501); // 500.5
    expect(depositCents(1_003, { percent: 33.33 })).toBe(334); // 334.2999
    expect(depositCents(99_999, { percent: 12.5 })).toBe(12_500); // 12,499.875
    expect(depositCents(50_000, { cents: 20_000 })).toBe(20_000);
    expect(depositCents(10_000, { cents: 20_000 })).toBe(10_000);
    expect(depositCents(10_000, null)).toBe(0);
  });

  it("answers zero for a quote of optional lines only", () => {
    const optional = lines.filter((l) => l.optional);
    expect(quoteTotals({ lines: optional, discountCents: 0, taxRatePercent: 7, deposit: { percent: 50 } })).toMatchObject({
      subtotalCents: 0,
      totalCents: 0,
      depositCents: 0,
    });
  });
});

describe("the helpers", () => {
  it("divides half up", () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(25n, 10n)).toBe(3n);
  });

  it("tells how many decimals a number has", () => {
    expect(hasAtMostDecimals(1.15, 2)).toBe(true);
    expect(hasAtMostDecimals(12.25, 2)).toBe(true);
    expect(hasAtMostDecimals(1.555, 2)).toBe(false);
    expect(hasAtMostDecimals(6.975, 3)).toBe(true);
    expect(hasAtMostDecimals(6.9755, 3)).toBe(false);
  });

  it("shows money, quantities and rates as people read them", () => {
    expect(formatCents(431_268)).toBe("$4,312.68");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(123_456_789)).toBe("$1,234,567.89");
    expect(formatCents(0)).toBe("$0.00");
    expect(centsToDollarText(431_268)).toBe("4312.68");
    expect(centsToDollarText(500)).toBe("5.00");
    expect(formatQuantity(1.5)).toBe("1.5");
    expect(formatQuantity(2)).toBe("2");
    expect(formatPercent(7.25)).toBe("7.25%");
    expect(formatPercent(0)).toBe("0%");
  });
});
