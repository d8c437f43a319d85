import { useEffect, useRef, useState } from 'react';
// The external build: proof-of-work runs in same-origin worker files the BFF's CSP allows
// (the default build starts blob: workers, which `script-src 'self'` refuses).
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}

/**
 * docs/product/rules.md#s8: the ALTCHA widget (self-hosted proof of work) solving GET /api/captcha
 * in the browser. `onPayload` gets the solved payload (sent as field `altcha`), or null when it
 * expires.
 */
export function AltchaField({ onPayload }: { onPayload(payload: string | null): void }) {
  const widget = useRef<HTMLElement>(null);
  const callback = useRef(onPayload);
  callback.current = onPayload;
  // The widget draws its own inside once its script runs, which is before a server-made page is
  // adopted: drawn on the server too, that inside would not match and React would throw the page
  // away (error 418 on /contact). So it is drawn only in the browser, after the first render.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      callback.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [inBrowser]);
  return (
    <div className="captcha" data-testid="captcha">
      {inBrowser && (
        <altcha-widget
          ref={widget}
          challenge="/api/captcha"
          name="altcha"
          configuration={JSON.stringify({ hideFooter: true })}
        />
      )}
    </div>
  );
}
