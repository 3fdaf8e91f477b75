import { describe, expect, it } from "vitest";
import { detectLanguage, normaliseLanguage, resolveLanguage } from "./language";

describe("language identification", () => {
  it("tells common meeting languages apart", () => {
    expect(detectLanguage("We need to review the budget before the launch, and then we can talk about it.")).toBe("en");
    expect(detectLanguage("Vi behöver gå igenom budgeten innan lanseringen och sedan kan vi prata om det.")).toBe("sv");
    expect(
      detectLanguage("Tenemos que revisar el presupuesto antes del lanzamiento y luego hablar con el equipo."),
    ).toBe("es");
    expect(detectLanguage("Nous devons revoir le budget avant le lancement et ensuite parler avec l'équipe.")).toBe(
      "fr",
    );
    expect(detectLanguage("Wir müssen das Budget vor dem Start prüfen und dann mit dem Team sprechen.")).toBe("de");
    expect(detectLanguage("会議は午後三時に始まります")).toBeNull();
  });

  it("normalises what recognisers report, and prefers it over detection", () => {
    expect(normaliseLanguage("en-US")).toBe("en");
    expect(normaliseLanguage("Swedish")).toBe("sv");
    expect(normaliseLanguage("nb")).toBe("no");
    expect(normaliseLanguage("")).toBeNull();
    expect(resolveLanguage("de", "This text is clearly written in English, as you can see.")).toBe("de");
    expect(resolveLanguage(null, "This text is clearly written in English, as you can see.")).toBe("en");
  });
});
