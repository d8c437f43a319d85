import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { embedCode, EMBED_HEIGHT_PX } from '../lib/embed';

/**
 * "Embed this": the copyable `<iframe>` of a page's widget and, once opened, a
 * preview of it. The site's address is the browser's, so the first render (made on the server too)
 * shows the path alone and the whole address after it runs.
 */
export function EmbedThis({ widgetPath, title }: { widgetPath: string; title: string }) {
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'select' | null>(null);
  const codeBox = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const code = embedCode(origin + widgetPath, title);
  const copy = async () => {
    codeBox.current?.select();
    try {
      await navigator.clipboard.writeText(code);
      setCopied('copied');
    } catch {
      // No clipboard permission (an insecure origin, a refusal): the code is selected instead.
      setCopied('select');
    }
  };
  return (
    <details
      className="embed-this card"
      data-testid="embed-this"
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>Embed this</summary>
      <p>
        Show this on your own site: paste the code below into your page. It stays up to date and its
        links open here. <Link to="/developers#embed">How embedding works</Link>
      </p>
      <label htmlFor={`${id}-code`}>Embed code</label>
      <textarea
        ref={codeBox}
        id={`${id}-code`}
        className="embed-code"
        readOnly
        rows={3}
        value={code}
        onFocus={(event) => event.target.select()}
      />
      <p className="embed-actions">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          Copy code
        </button>{' '}
        <span role="status">
          {copied === 'copied'
            ? 'Copied to the clipboard.'
            : copied === 'select'
              ? 'Selected: press Ctrl+C (⌘C on a Mac) to copy.'
              : ''}
        </span>
      </p>
      {open && (
        <>
          <h3 className="embed-preview-title">Preview</h3>
          <iframe
            className="embed-preview"
            src={widgetPath}
            title={`Preview: ${title}`}
            height={EMBED_HEIGHT_PX}
          />
        </>
      )}
    </details>
  );
}
