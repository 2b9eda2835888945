import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error';
import { activeContentOfFile } from './active-content';
import { checkPdf } from './pdf-check';

/** Uploaded PDFs that carry code, a launch action or a file are refused. */

type Craft = (document: PDFDocument) => void;

async function crafted(craft: Craft, useObjectStreams = false): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]);
  craft(document);
  return document.save({ useObjectStreams });
}

const javascriptAction = (document: PDFDocument) =>
  document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("x")') });

const openAction: Craft = (document) =>
  document.catalog.set(PDFName.of('OpenAction'), javascriptAction(document));

const pageAdditionalAction: Craft = (document) =>
  document.getPage(0).node.set(PDFName.of('AA'), document.context.obj({ O: javascriptAction(document) }));

const launchLink: Craft = (document) => {
  const annotation = document.context.register(
    document.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 100, 100],
      A: { S: 'Launch', F: PDFString.of('calc.exe') },
    }),
  );
  document.getPage(0).node.set(PDFName.of('Annots'), document.context.obj([annotation]));
};

const namesTree: Craft = (document) => {
  const action = document.context.register(javascriptAction(document));
  const tree = document.context.obj({ Names: [PDFString.of('start'), action] });
  document.catalog.set(PDFName.of('Names'), document.context.obj({ JavaScript: tree }));
};

/** Rewrites names in the saved bytes, as an attacker would by hand (same file otherwise). */
function rewrite(bytes: Uint8Array, from: string, to: string): Uint8Array {
  return new Uint8Array(Buffer.from(Buffer.from(bytes).toString('latin1').replaceAll(from, to), 'latin1'));
}

async function refusalOf(bytes: Uint8Array): Promise<string> {
  try {
    await checkPdf(bytes);
    return 'accepted';
  } catch (error) {
    if (error instanceof HttpError) return error.code;
    throw error;
  }
}

describe('PDFs with active content', () => {
  it.each([
    ['an /OpenAction with JavaScript', openAction],
    ["a page's /AA with JavaScript", pageAdditionalAction],
    ["an annotation's /A /Launch", launchLink],
    ['the /JavaScript names tree', namesTree],
  ])('refuses %s, also inside a compressed object stream', async (_, craft) => {
    expect(await refusalOf(await crafted(craft))).toBe('UPLOAD_ACTIVE_CONTENT');
    const packed = await crafted(craft, true);
    // The action sits in a compressed object stream: the bytes do not spell it.
    expect(Buffer.from(packed).toString('latin1')).not.toMatch(/JavaScript|Launch/);
    expect(await refusalOf(packed)).toBe('UPLOAD_ACTIVE_CONTENT');
  });

  it('refuses names written with #xx escapes, in upper or lower case', async () => {
    const plain = await crafted(openAction);
    const upper = rewrite(rewrite(plain, '/JavaScript', '/Java#53cript'), '/JS ', '/J#53 ');
    expect(Buffer.from(upper).toString('latin1')).not.toMatch(/\/JavaScript|\/JS\b/);
    expect(await refusalOf(upper)).toBe('UPLOAD_ACTIVE_CONTENT');
    const lower = rewrite(rewrite(plain, '/JavaScript', '/#4aava#53cript'), '/JS ', '/#4a#53 ');
    expect(await refusalOf(lower)).toBe('UPLOAD_ACTIVE_CONTENT');
    const launch = rewrite(await crafted(launchLink), '/Launch', '/L#61unch');
    expect(await refusalOf(launch)).toBe('UPLOAD_ACTIVE_CONTENT');
  });

  it('refuses an embedded file', async () => {
    const document = await PDFDocument.create();
    document.addPage([595, 842]);
    await document.attach(new TextEncoder().encode('MZ not a document'), 'tool.exe', {
      mimeType: 'application/octet-stream',
    });
    expect(await refusalOf(await document.save())).toBe('UPLOAD_ACTIVE_CONTENT');
  });

  it('accepts a plain document with a link to a web page and a go-to open action', async () => {
    const bytes = await crafted((document) => {
      const page = document.getPage(0);
      document.catalog.set(PDFName.of('OpenAction'), document.context.obj([page.ref, 'Fit']));
      const link = document.context.register(
        document.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [0, 0, 100, 100],
          A: { S: 'URI', URI: PDFString.of('https://www.example.org/') },
        }),
      );
      page.node.set(PDFName.of('Annots'), document.context.obj([link]));
    }, true);
    expect(await checkPdf(bytes)).toBe(1);
  });

  it('finds active names in a paper scan that does not even parse', async () => {
    const broken = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj << /OpenAction << /S /J#61vaScript /J#53 (x) >> >>',
    );
    expect(await activeContentOfFile(broken)).toBe('javascript');
    expect(await activeContentOfFile(new TextEncoder().encode('%PDF-1.7\nscan'))).toBeNull();
    expect(await activeContentOfFile(await crafted(launchLink, true))).toBe('launch');
  });
});
