/** Devanagari digits in and out. */

const DEVANAGARI_ZERO = 0x0966;

/** Replace ASCII digits with Devanagari digits: "2082-01-01" → "२०८२-०१-०१". */
export function toDevanagariDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (d) => String.fromCharCode(DEVANAGARI_ZERO + Number(d)));
}

/** Replace Devanagari digits with ASCII digits: "२०८२" → "2082". Other characters are kept. */
export function fromDevanagariDigits(text: string): string {
  return text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
}

/** True when the text contains at least one Devanagari digit. */
export function hasDevanagariDigits(text: string): boolean {
  return /[\u0966-\u096F]/.test(text);
}
