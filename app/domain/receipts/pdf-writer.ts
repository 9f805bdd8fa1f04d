/**
 * A one-page PDF (ISO 32000-1) of text and rules, in the standard Helvetica
 * fonts every PDF reader has (WinAnsiEncoding), uncompressed: small, no
 * dependency, and its text can be read back from the bytes. Those fonts have
 * no Devanagari, so text outside Latin-1 is written as "?" (docs/receipts.md:
 * the PDF's labels are in English; the HTML receipt is in both languages).
 */

export interface PdfText {
  x: number;
  y: number;
  size: number;
  text: string;
  bold?: boolean;
}

export interface PdfRule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A4 in points. */
export const PAGE = { width: 595, height: 842 } as const;

/** Printable Latin-1 only; anything else (Devanagari, emoji, ₹) becomes "?". */
export function pdfSafe(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/gu, "?");
}

function literal(text: string): string {
  return `(${pdfSafe(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

const n = (value: number) => String(Math.round(value * 100) / 100);

export function pdfDocument(items: { texts: PdfText[]; rules: PdfRule[]; title: string }): Uint8Array<ArrayBuffer> {
  const content = [
    "0.6 G 0.5 w",
    ...items.rules.map((r) => `${n(r.x1)} ${n(r.y1)} m ${n(r.x2)} ${n(r.y2)} l S`),
    ...items.texts.map(
      (t) => `BT /${t.bold ? "F2" : "F1"} ${n(t.size)} Tf ${n(t.x)} ${n(t.y)} Td ${literal(t.text)} Tj ET`,
    ),
  ].join("\n");
  const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    font("Helvetica"),
    font("Helvetica-Bold"),
    `<< /Title ${literal(items.title)} /Producer (BoostKaro receipts) >>`,
  ];
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // One byte per character (all are Latin-1 by now), so the offsets above are byte offsets.
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}
