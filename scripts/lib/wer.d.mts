export function normalise(text: string): string[];
export function wordErrorRate(reference: string, hypothesis: string): number;
