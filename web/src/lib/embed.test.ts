import { describe, expect, it } from 'vitest';
import { embedCode } from './embed';

describe('embedCode', () => {
  it('makes a titled, borderless, lazily loaded iframe of the widget', () => {
    expect(embedCode('https://upright.example/widgets/companies/us/oil', 'Oil ranking', 400)).toBe(
      '<iframe src="https://upright.example/widgets/companies/us/oil" title="Oil ranking" width="100%" height="400" style="border:0" loading="lazy"></iframe>',
    );
  });

  it('escapes what would end an attribute', () => {
    const code = embedCode('/widgets/reports/1/2025-01-01/a"b', 'Tom & "Jerry" <Inc>');
    expect(code).toContain('src="/widgets/reports/1/2025-01-01/a&quot;b"');
    expect(code).toContain('title="Tom &amp; &quot;Jerry&quot; &lt;Inc&gt;"');
  });
});
