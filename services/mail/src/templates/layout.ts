import { escapeHtml } from './escape-html';

/** The pieces every mail is made of; one list renders to both the HTML and the text part. */
export type MailBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'action'; label: string; url: string }
  | { type: 'fields'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { type: 'quote'; text: string };

export interface MailLayout {
  productName: string;
  homeUrl: string;
  subject: string;
  blocks: readonly MailBlock[];
  /** Why the reader gets this mail (the footer's first sentence). */
  reason: string;
  /** Member mails: the page that unsubscribes the recipient; null for the contact inbox. */
  unsubscribeUrl: string | null;
}

export function renderText(layout: MailLayout): string {
  const blocks = layout.blocks.map((block) => {
    switch (block.type) {
      case 'paragraph':
        return block.text;
      case 'action':
        return `${block.label}:\n${block.url}`;
      case 'fields':
        return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
      case 'quote':
        return block.text
          .split(/\r?\n/)
          .map((line) => `> ${line}`)
          .join('\n');
    }
  });
  const footer = [layout.reason];
  if (layout.unsubscribeUrl) footer.push(`Unsubscribe: ${layout.unsubscribeUrl}`);
  return [layout.productName, ...blocks, `-- \n${footer.join('\n')}`].join('\n\n') + '\n';
}

const STYLE = {
  body: 'margin:0;padding:24px;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:6px;',
  brand: 'font-size:20px;font-weight:bold;margin:0 0 24px;',
  brandLink: 'color:#1a1a1a;text-decoration:none;',
  paragraph: 'font-size:16px;line-height:1.5;margin:0 0 16px;',
  button:
    'display:inline-block;padding:12px 20px;background:#1f5f3f;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;',
  small: 'font-size:13px;line-height:1.4;color:#555555;margin:0 0 16px;word-break:break-all;',
  label: 'text-align:left;padding:4px 12px 4px 0;vertical-align:top;color:#555555;',
  quote:
    'margin:0 0 16px;padding:12px 16px;border-left:4px solid #cccccc;white-space:pre-wrap;font-size:15px;',
  footer: 'max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.4;color:#666666;',
};

function htmlBlock(block: MailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="${STYLE.paragraph}">${escapeHtml(block.text).replace(/\r?\n/g, '<br>')}</p>`;
    case 'action': {
      const url = escapeHtml(block.url);
      return (
        `<p style="${STYLE.paragraph}"><a href="${url}" style="${STYLE.button}">${escapeHtml(block.label)}</a></p>` +
        `<p style="${STYLE.small}">If the button does not work, open this link: <a href="${url}">${url}</a></p>`
      );
    }
    case 'fields':
      return `<table style="${STYLE.paragraph}border-collapse:collapse;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th style="${STYLE.label}">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'quote':
      return `<blockquote style="${STYLE.quote}">${escapeHtml(block.text)}</blockquote>`;
  }
}

/** Plain HTML with inline styles: what mail clients render most consistently. */
export function renderHtml(layout: MailLayout): string {
  const product = escapeHtml(layout.productName);
  const unsubscribe = layout.unsubscribeUrl
    ? ` <a href="${escapeHtml(layout.unsubscribeUrl)}" style="color:#666666;">Unsubscribe</a>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(layout.subject)}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<div style="${STYLE.card}">`,
    `<p style="${STYLE.brand}"><a href="${escapeHtml(layout.homeUrl)}" style="${STYLE.brandLink}">${product}</a></p>`,
    ...layout.blocks.map(htmlBlock),
    '</div>',
    `<p style="${STYLE.footer}">${escapeHtml(layout.reason)}${unsubscribe}</p>`,
    '</body></html>',
  ].join('\n');
}
