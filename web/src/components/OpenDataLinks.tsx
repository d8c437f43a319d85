import type { OpenDataFormat } from '../api/endpoints';

/**
 * docs/product/rules.md#s12: the data behind a ranking, as files anyone may download and reuse
 * (each names its period, methodology version, sources and licence).
 */
export function OpenDataLinks({
  what,
  href,
  fileName,
}: {
  what: string;
  href: (format: OpenDataFormat) => string;
  fileName: string;
}) {
  return (
    <p className="open-data">
      Download {what} as open data:{' '}
      <a href={href('csv')} download={`${fileName}.csv`}>
        CSV
      </a>
      {' · '}
      <a href={href('json')} download={`${fileName}.json`}>
        JSON
      </a>{' '}
      <span className="muted">(CC BY 4.0)</span>
    </p>
  );
}
