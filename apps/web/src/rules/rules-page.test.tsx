// @vitest-environment happy-dom
import {
  RULE_LINES,
  RULES_COVERAGE,
  RULES_NOTES_REFERENCE,
  rulesNotesSections,
  statusWords,
} from '@outer-rim/rules';
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
      expect(text).toContain(
        rule.readMore.replace(RULES_NOTES_REFERENCE, 'our values: Rules notes'),
      );
    }
  });

  it('"Read more" links to the rules notes on the page itself, which list every reconstructed value', () => {
    render(<RulesPage at="notes" />, document.body);
    const links = [...document.querySelectorAll('tr[data-rule] a')];
    expect(links).toHaveLength(
      RULES_COVERAGE.filter((r) => r.readMore.includes(RULES_NOTES_REFERENCE)).length,
    );
    for (const link of links) expect(link.getAttribute('href')).toBe('#/rules/notes');
    // Nothing points at the host's README, which a player of a hosted server cannot open.
    expect(document.querySelector('tbody')?.textContent).not.toContain('README');
    const notes = document.getElementById('rules-notes');
    const sections = rulesNotesSections();
    expect(sections.length).toBeGreaterThan(0);
    expect([...(notes?.querySelectorAll('h3') ?? [])].map((h) => h.textContent)).toEqual(
      sections.map((s) => s.area),
    );
    expect(notes?.querySelectorAll('li')).toHaveLength(
      sections.reduce((n, s) => n + s.lines.length, 0),
    );
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
