import { describe, expect, it } from "vitest";
import { numbersAsDigits, scaledNumbers } from "./spoken-numbers";

const digits = (text: string) => numbersAsDigits(text.toLowerCase().match(/[a-z]+/g) ?? []).join(" ");

describe("numbersAsDigits", () => {
  it("reads whole spoken numbers, with their scale words", () => {
    expect(digits("forty-five thousand dollars")).toBe("45000 dollars");
    expect(digits("one hundred and sixty-five thousand")).toBe("165000");
    expect(digits("twelve thousand five hundred")).toBe("12500");
    expect(digits("two point five")).toBe("2 point 5");
    expect(digits("a hundred people and a thousand chairs")).toBe("a 100 people and a 1000 chairs");
    expect(digits("three million")).toBe("3000000");
  });

  it("ends a number at an ordinal and keeps separate numbers apart", () => {
    expect(digits("the twenty-first of May")).toBe("the 21 of may");
    expect(digits("one two three")).toBe("1 2 3");
    expect(digits("nineteen ninety")).toBe("19 90");
  });
});

describe("scaledNumbers", () => {
  it("writes digits with a scale word as whole digits", () => {
    expect(scaledNumbers("we raised 1.5 million and spent 40 thousand")).toEqual(["1500000", "40000"]);
    expect(scaledNumbers("version 2.4 ships")).toEqual([]);
  });
});
