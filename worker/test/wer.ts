/** Word error rate after the fixtures' normalisation: lower case, no punctuation, single spaces. */
export function normalise(text: string) {
  return text
    .toLowerCase()
    .replace(/\[\d+:\d{2}\]/g, " ")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/'/g, "")
    .split(/\s+/)
    .filter(Boolean);
}

export function wordErrorRate(reference: string, hypothesis: string) {
  const ref = normalise(reference);
  const hyp = normalise(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const sub = (prev[j - 1] as number) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      cur.push(Math.min(sub, (prev[j] as number) + 1, (cur[j - 1] as number) + 1));
    }
    prev = cur;
  }
  return (prev[hyp.length] as number) / Math.max(1, ref.length);
}
