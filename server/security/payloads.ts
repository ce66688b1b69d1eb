import { readFileSync } from 'node:fs';

/** One payload list of ./payloads: one payload a line; blank lines and lines starting with "# " are skipped. */
export function loadPayloads(name: 'xss' | 'sql' | 'encoding'): string[] {
  const text = readFileSync(new URL(`./payloads/${name}.txt`, import.meta.url), 'utf8');
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('# '));
}

/** The bytes a percent-encoded line stands for (other characters as their UTF-8). */
export function percentBytes(line: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '%' && /^[0-9a-f]{2}$/i.test(line.slice(i + 1, i + 3))) {
      out.push(parseInt(line.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(...Buffer.from(line[i]!, 'utf8'));
    }
  }
  return new Uint8Array(out);
}
