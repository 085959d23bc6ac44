/**
 * The seeded random numbers of a simulation: a 32-bit hash of text (cyrb53 folded) to seed
 * sfc32, a small, fast generator with a period of about 2^128. The same seed text gives the same
 * sequence in Node and in browsers (only 32-bit integer arithmetic).
 */

/** A 32-bit hash of a text, spread over four words to seed the generator. */
function seedWords(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

const hex: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Every part of the seed counts: `new Random('7', 'mailto:a@example.org')`. */
  constructor(...seed: (string | number)[]) {
    [this.a, this.b, this.c, this.d] = seedWords(seed.map(String).join('\u0000'));
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** sfc32: the next 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return probability >= 1 || (probability > 0 && this.next() < probability);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An index chosen in proportion to the weights (all weights > 0). */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** A version 4 UUID (RFC 4122 variant) made of this generator's numbers. */
  uuid(): string {
    const w0 = this.uint32();
    const w1 = this.uint32();
    const w2 = this.uint32();
    const w3 = this.uint32();
    return (
      hex[w0 >>> 24]! +
      hex[(w0 >>> 16) & 255]! +
      hex[(w0 >>> 8) & 255]! +
      hex[w0 & 255]! +
      '-' +
      hex[w1 >>> 24]! +
      hex[(w1 >>> 16) & 255]! +
      '-' +
      hex[((w1 >>> 8) & 15) | 64]! +
      hex[w1 & 255]! +
      '-' +
      hex[((w2 >>> 24) & 63) | 128]! +
      hex[(w2 >>> 16) & 255]! +
      '-' +
      hex[(w2 >>> 8) & 255]! +
      hex[w2 & 255]! +
      hex[w3 >>> 24]! +
      hex[(w3 >>> 16) & 255]! +
      hex[(w3 >>> 8) & 255]! +
      hex[w3 & 255]!
    );
  }

  /** Lowercase hexadecimal digits, e.g. for an attachment's sha2. */
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += hex[this.uint32() & 255]!;
    return out.slice(0, length);
  }
}
