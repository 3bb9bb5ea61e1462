import { describe, expect, it } from "vitest";
import { integerInWords, rupeesInWords } from "../src/words.js";

describe("numbers in words, Indian system", () => {
  it.each([
    [0n, "Zero"],
    [7n, "Seven"],
    [19n, "Nineteen"],
    [20n, "Twenty"],
    [45n, "Forty-Five"],
    [100n, "One Hundred"],
    [101n, "One Hundred One"],
    [999n, "Nine Hundred Ninety-Nine"],
    [1000n, "One Thousand"],
    [4366n, "Four Thousand Three Hundred Sixty-Six"],
    [99999n, "Ninety-Nine Thousand Nine Hundred Ninety-Nine"],
    [100000n, "One Lakh"],
    [123456n, "One Lakh Twenty-Three Thousand Four Hundred Fifty-Six"],
    [2500000n, "Twenty-Five Lakh"],
    [10000000n, "One Crore"],
    [12345678n, "One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight"],
    [100000001n, "Ten Crore One"],
    [10000000000n, "One Thousand Crore"],
    [
      99999999999n,
      "Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine",
    ],
  ])("writes %s as %s", (value, words) => {
    expect(integerInWords(value)).toBe(words);
  });

  it("writes rupees and paise", () => {
    expect(rupeesInWords(4366)).toBe("Indian Rupees Four Thousand Three Hundred Sixty-Six Only");
    expect(rupeesInWords(123456.5)).toBe(
      "Indian Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only",
    );
    expect(rupeesInWords(0.07)).toBe("Indian Rupees Zero and Seven Paise Only");
    expect(rupeesInWords(0)).toBe("Indian Rupees Zero Only");
    expect(rupeesInWords(-0.27)).toBe("Minus Indian Rupees Zero and Twenty-Seven Paise Only");
  });

  it("refuses a negative whole number", () => {
    expect(() => integerInWords(-1n)).toThrow(RangeError);
  });
});
