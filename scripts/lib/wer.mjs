// Word error rate as the fixtures' references are scored, one copy for the worker tests and bench:asr.

/** Lower case, no punctuation or `[mm:ss]` stamps, single spaces. */
export function normalise(text) {
  return text
    .toLowerCase()
    .replace(/\[\d+:\d{2}\]/g, " ")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/'/g, "")
    .split(/\s+/)
    .filter(Boolean);
}

/** Word-level edit distance over the reference's length. */
export function wordErrorRate(reference, hypothesis) {
  const ref = normalise(reference);
  const hyp = normalise(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++) {
      cur.push(Math.min(prev[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1), prev[j] + 1, cur[j - 1] + 1));
    }
    prev = cur;
  }
  return prev[hyp.length] / Math.max(1, ref.length);
}
