// Numbers as people say them ("forty-five thousand", "one hundred and twenty", "the twenty-first") read as digits.
// The recogniser writes a number either way, and a summary may write it the other: the grounding check and the
// benchmark's scoring both compare numbers as digits.

const UNITS = "zero one two three four five six seven eight nine".split(" ");
const TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(" ");
const TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
const ORDINAL_UNITS = "zeroth first second third fourth fifth sixth seventh eighth ninth".split(" ");
const ORDINAL_TEENS =
  "tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split(" ");
const ORDINAL_TENS = "twentieth thirtieth".split(" ");

type Kind = "unit" | "teen" | "ten" | "hundred" | "scale";
const WORDS = new Map<string, { value: number; kind: Kind; ordinal?: true }>([
  ...UNITS.map((w, i) => [w, { value: i, kind: "unit" as const }] as const),
  ...TEENS.map((w, i) => [w, { value: 10 + i, kind: "teen" as const }] as const),
  ...TENS.map((w, i) => [w, { value: 20 + 10 * i, kind: "ten" as const }] as const),
  ...ORDINAL_UNITS.map((w, i) => [w, { value: i, kind: "unit" as const, ordinal: true as const }] as const),
  ...ORDINAL_TEENS.map((w, i) => [w, { value: 10 + i, kind: "teen" as const, ordinal: true as const }] as const),
  ...ORDINAL_TENS.map((w, i) => [w, { value: 20 + 10 * i, kind: "ten" as const, ordinal: true as const }] as const),
  ["hundred", { value: 100, kind: "hundred" }],
  ["thousand", { value: 1000, kind: "scale" }],
  ["million", { value: 1_000_000, kind: "scale" }],
  ["billion", { value: 1_000_000_000, kind: "scale" }],
]);
// What may come before each kind of number word within one number: "forty five", "one hundred and twenty".
const FOLLOWS: Record<Kind, (Kind | "none")[]> = {
  unit: ["none", "ten", "hundred", "scale"],
  teen: ["none", "hundred", "scale"],
  ten: ["none", "hundred", "scale"],
  hundred: ["unit", "teen", "ten"],
  scale: ["unit", "teen", "ten", "hundred"],
};

/**
 * Lower-case words with their runs of number words as digits: "forty five thousand" → "45000", "twenty first" → "21",
 * "one two" → "1 2"; other words unchanged.
 */
export function numbersAsDigits(words: readonly string[]): string[] {
  const out: string[] = [];
  let total = 0;
  let current = 0;
  let last: Kind | "none" = "none";
  const flush = () => {
    if (last !== "none") out.push(String(total + current));
    total = 0;
    current = 0;
    last = "none";
  };
  words.forEach((word, i) => {
    const number = WORDS.get(word);
    const next = WORDS.get(words[i + 1] ?? "");
    if (word === "and" && (last === "hundred" || last === "scale") && next && next.kind !== "scale") return;
    if (!number) {
      flush();
      out.push(word);
      return;
    }
    if (!FOLLOWS[number.kind].includes(last)) flush();
    if (number.kind === "hundred") current = (current || 1) * 100;
    else if (number.kind === "scale") {
      total += (current || 1) * number.value;
      current = 0;
    } else current += number.value;
    last = number.kind;
    // "twenty-first" ends its number: what follows starts another.
    if (number.ordinal) flush();
  });
  flush();
  return out;
}

const SCALE = new Map([
  ["thousand", 1000],
  ["million", 1_000_000],
  ["billion", 1_000_000_000],
]);

/**
 * The numbers a text states in digits with a scale word after them ("40 thousand", "1.5 million"), as whole digits
 * ("40000", "1500000"): the forms a summary may write for them.
 */
export function scaledNumbers(lowerText: string): string[] {
  return [...lowerText.matchAll(/(?<![\p{L}\p{N}.,])(\d+(?:\.\d+)?)\s*(thousand|million|billion)\b/gu)].map((m) =>
    String(Math.round(Number(m[1]) * (SCALE.get(m[2] as string) ?? 1))),
  );
}
