import { describe, expect, it } from "vitest";
import { grounded, sentencesOf, sourceIndex, unsupported } from "./grounding";

const source = sourceIndex(
  "Sarah Chen: We have about forty-five minutes. Marcus, push the code freeze from August 8th to August 15th.\n" +
    "Priya Raman: One in twenty sync attempts fails; the budget is $12,500 for version 2.4 in Q3.",
);

describe("grounding check", () => {
  it("accepts names and numbers the transcript contains, in digits or in words", () => {
    expect(unsupported("The team gave Marcus 45 minutes to move the freeze to August 15.", source)).toEqual([]);
    expect(unsupported("Priya Raman said 1 in 20 attempts fail, within the 12,500 budget for 2.4.", source)).toEqual(
      [],
    );
    expect(unsupported("In Q3 the freeze moves.", source)).toEqual([]);
    expect(unsupported("El equipo de Marcus y Priya Raman trabaja en la versión 2.4 del Q3.", source)).toEqual([]);
  });

  it("reads the transcript's spoken numbers past ninety-nine, and its digits with a scale word", () => {
    const money = sourceIndex(
      "Dana: The grant is forty-five thousand dollars. It was twenty. Five of us agreed, and 1.5 million is the cap.",
    );
    expect(unsupported("Dana said the grant is $45,000, with a cap of 1,500,000.", money)).toEqual([]);
    expect(unsupported("5 people agreed after it was 20.", money)).toEqual([]);
    expect(unsupported("The grant is $40,000.", money)).toEqual(["40,000"]);
  });

  it("compares names without their accents", () => {
    const berlin = sourceIndex("Jose: the pilot in Berlin went well.");
    expect(unsupported("El piloto de Berlín salió bien según José.", berlin)).toEqual([]);
  });

  it("flags a name or a number the transcript does not contain", () => {
    expect(unsupported("John will lead the migration.", source)).toEqual([]);
    expect(unsupported("The migration is led by John.", source)).toEqual(["John"]);
    expect(unsupported("The freeze moves to August 22nd.", source)).toEqual(["22"]);
    expect(unsupported("Costs rose by 30 percent at Adyen.", source)).toEqual(["30", "Adyen"]);
  });

  it("ignores the capital of a sentence's first word and of every noun when told to", () => {
    expect(unsupported("Overall the team agreed.", source)).toEqual([]);
    expect(
      unsupported("Das Team verschiebt den Code-Freeze auf den 15. August.", source, { checkNames: false }),
    ).toEqual([]);
  });

  it("drops the sentences that fail and keeps the rest, with what each lacked", () => {
    const result = grounded(
      "Sarah Chen opened the meeting. The freeze moves to August 15th. Costs rose at Adyen.\n\nPriya shared 3 numbers.",
      source,
    );
    expect(result.text).toBe("Sarah Chen opened the meeting. The freeze moves to August 15th.");
    expect(result.dropped).toEqual([
      { sentence: "Costs rose at Adyen.", missing: ["Adyen"] },
      { sentence: "Priya shared 3 numbers.", missing: ["3"] },
    ]);
  });

  it("drops a sentence copied from the transcript, not one that shares a short phrase with it", () => {
    const result = grounded(
      "Marcus was asked to push the code freeze. Push the code freeze from August 8th to August 15th.",
      source,
    );
    expect(result.text).toBe("Marcus was asked to push the code freeze.");
    expect(result.copied).toEqual(["Push the code freeze from August 8th to August 15th."]);
    expect(result.dropped).toEqual([]);
  });

  it("cuts prose into sentences at their ends only", () => {
    expect(sentencesOf("Version 2.4 ships. Does it? Yes!")).toEqual(["Version 2.4 ships.", "Does it?", "Yes!"]);
  });
});
