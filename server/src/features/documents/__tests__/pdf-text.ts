/** Reads a PDF's text back with PDF.js (its Node build), as a person selecting the text would get it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** The fonts a PDF embeds (FontFile2: TrueType programs inside the file), by their base names. */
export function embeddedFonts(bytes: Uint8Array): { embedded: boolean; names: string[] } {
  const text = Buffer.from(bytes).toString('latin1');
  const names = [...text.matchAll(/\/BaseFont\s*\/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]);
  return { embedded: text.includes('/FontFile2'), names: [...new Set(names)] };
}
