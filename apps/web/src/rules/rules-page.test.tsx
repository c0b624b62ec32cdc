// @vitest-environment happy-dom
import { RULE_LINES, RULES_COVERAGE, statusWords } from '@outer-rim/rules';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { LobbyPage } from '../lobby/lobby-page';
import { RulesPage } from './rules-page';

afterEach(() => {
  render(null, document.body);
  document.body.innerHTML = '';
});

describe('About the rules page', () => {
  it('shows every rule of the coverage list with its status, plain words and where to read more', () => {
    render(<RulesPage />, document.body);
    const rows = [...document.querySelectorAll('tr[data-rule]')];
    expect(rows.map((row) => row.getAttribute('data-rule'))).toEqual(
      RULES_COVERAGE.map((r) => r.id),
    );
    for (const [i, rule] of RULES_COVERAGE.entries()) {
      const text = rows[i]?.textContent ?? '';
      expect(text).toContain(rule.name);
      expect(text).toContain(statusWords(rule.status));
      expect(text).toContain(rule.summary);
      expect(text).toContain(rule.readMore);
    }
  });

  it('"Why not?": lists the one-line text of every rule a refusal may name', () => {
    render(<RulesPage />, document.body);
    const lines = [...document.querySelectorAll('[data-rule-line]')];
    expect(lines.map((l) => l.getAttribute('data-rule-line'))).toEqual(Object.keys(RULE_LINES));
    for (const l of lines)
      expect(l.textContent).toContain(RULE_LINES[l.getAttribute('data-rule-line') ?? ''] ?? '?');
  });

  it('counts the statuses in its opening line and marks each kind apart', () => {
    render(<RulesPage />, document.body);
    const notYet = RULES_COVERAGE.filter((r) => r.status === 'not-yet').length;
    expect(document.querySelector('main p')?.textContent).toContain(`${notYet} are not there yet`);
    expect(document.querySelectorAll('.coverage-status.not-yet')).toHaveLength(notYet);
    expect(document.querySelectorAll('.coverage-status.implemented')).toHaveLength(
      RULES_COVERAGE.filter((r) => r.status === 'implemented').length,
    );
  });

  it('is linked from the lobby', () => {
    render(<LobbyPage />, document.body);
    const link = [...document.querySelectorAll('a')].find((a) =>
      a.textContent.includes('About the rules'),
    );
    expect(link?.getAttribute('href')).toBe('#/rules');
  });
});
