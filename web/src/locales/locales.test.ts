import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { createTranslator } from "use-intl/core";
import { describe, expect, test } from "vitest";
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";

// The interface's four message catalogues (docs/architecture/web-app.md, "Languages") say the same things: every
// message exists in all four, none is empty, each is valid ICU, and each takes the same placeholders and markup
// tags as the English one, so no screen shows a key, a hole or a raw "{name}" in any language.

const CATALOGUES = { en, es, fr, de } as const;
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(CATALOGUES).map(([lang, tree]) => [lang, flatten(tree as Tree)]));
const english = flat.en as Map<string, string>;
const others = (["es", "fr", "de"] as const).map((lang) => [lang, flat[lang] as Map<string, string>] as const);

/** The placeholders ("count:plural", "name:argument") and tags ("<strong>") a message uses, and its plurals. */
function shape(message: string) {
  const args = new Set<string>();
  const tags = new Set<string>();
  const problems: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) args.add(`${el.value}`);
      else if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) args.add(el.value);
      else if (el.type === TYPE.plural || el.type === TYPE.select) {
        args.add(el.value);
        if (!("other" in el.options)) problems.push(`{${el.value}} has no "other" case`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.tag) {
        tags.add(el.value);
        walk(el.children);
      }
    }
  };
  walk(parse(message));
  return { args: [...args].sort(), tags: [...tags].sort(), problems };
}

/** Values for every placeholder: numbers, since plural and number arguments need them and text takes them too. */
function sampleValues(message: string) {
  const { args, tags } = shape(message);
  return {
    ...Object.fromEntries(args.map((name) => [name, 2])),
    ...Object.fromEntries(tags.map((tag) => [tag, (chunks: string) => `[${chunks}]`])),
  };
}

describe("the message catalogues", () => {
  test("English has messages", () => {
    expect(english.size).toBeGreaterThan(500);
  });

  test.each(others)("%s has exactly the English keys", (_, messages) => {
    const missing = [...english.keys()].filter((key) => !messages.has(key));
    const extra = [...messages.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  test.each(Object.entries(flat))("%s has no empty message", (_, messages) => {
    const empty = [...messages].filter(([, text]) => !text.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  test.each(others)("%s uses the same placeholders and tags as English in every message", (_, messages) => {
    const differences: string[] = [];
    for (const [key, source] of english) {
      const text = messages.get(key);
      if (text === undefined) continue;
      const want = shape(source);
      const got = shape(text);
      if (want.args.join() !== got.args.join()) differences.push(`${key}: {${got.args}} instead of {${want.args}}`);
      if (want.tags.join() !== got.tags.join()) differences.push(`${key}: <${got.tags}> instead of <${want.tags}>`);
    }
    expect(differences).toEqual([]);
  });

  test.each(Object.entries(flat))("%s: every message is valid ICU and formats without loss", (lang, messages) => {
    const problems: string[] = [];
    const errors: string[] = [];
    const t = createTranslator({
      locale: lang as keyof typeof CATALOGUES,
      messages: CATALOGUES[lang as keyof typeof CATALOGUES],
      onError: (error) => errors.push(error.message),
    });
    for (const [key, text] of messages) {
      try {
        problems.push(...shape(text).problems.map((p) => `${key}: ${p}`));
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
        continue;
      }
      const out = t.markup(key as never, sampleValues(english.get(key) ?? text) as never);
      // A straight apostrophe before { or } starts an ICU quote and swallows the placeholder; none may be lost.
      const quotes = (s: string) => (s.match(/'/g) ?? []).length;
      if (quotes(out) !== quotes(text)) problems.push(`${key}: an apostrophe was taken as ICU quoting`);
      if (/[{}]/.test(out)) problems.push(`${key}: "${out}" still holds a brace`);
    }
    expect([...problems, ...errors]).toEqual([]);
  });
});
