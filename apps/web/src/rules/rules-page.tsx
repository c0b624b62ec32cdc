import {
  RULE_LINES,
  RULES_COVERAGE,
  RULES_NOTES_REFERENCE,
  rulesNotesSections,
  statusWords,
  type CoverageStatus,
} from '@outer-rim/rules';
import { useLayoutEffect } from 'preact/hooks';
import { routeHref } from '../route';

/** A CSS class per status, so the three kinds read apart at a glance. */
function statusClass(status: CoverageStatus): string {
  if (status === 'implemented') return 'implemented';
  return status === 'not-yet' ? 'not-yet' : 'partly';
}

/**
 * Where to read a rule: the printed rulebook's section, and where the rule's values are our
 * reconstruction, a link to the "Rules notes" below on this same page (the README a host reads
 * is not served to players, so a reference to it alone would send them nowhere).
 */
function ReadMore({ text }: { text: string }) {
  const parts = text.split('; ');
  return (
    <>
      {parts.map((part, i) => (
        <span key={part}>
          {i > 0 ? '; ' : ''}
          {part === RULES_NOTES_REFERENCE ? (
            <a href={routeHref({ page: 'rules', at: 'notes' })}>our values: Rules notes</a>
          ) : (
            part
          )}
        </span>
      ))}
    </>
  );
}

/**
 * "About the rules": what a game follows today, rule by rule, from the same
 * list the "Rules coverage" table of docs/rules.md is made of, so players can look
 * before they play; then the "Rules notes", the values we had to reconstruct.
 */
export function RulesPage({ at }: { at?: 'notes' | undefined }) {
  const count = (kind: string) =>
    RULES_COVERAGE.filter((r) => statusClass(r.status) === kind).length;
  useLayoutEffect(() => {
    if (at === 'notes') document.getElementById('rules-notes')?.scrollIntoView();
  }, [at]);
  return (
    <main class="page rules-page">
      <header class="game-header">
        <a href={routeHref({ page: 'lobby' })}>← Lobby</a>
      </header>
      <h1>About the rules</h1>
      <p>
        The server follows these rules of Twilight Imperium (first edition) with The Outer Rim. Of{' '}
        {RULES_COVERAGE.length} rules, {count('implemented')} are implemented, {count('partly')}{' '}
        work in part and {count('not-yet')} are not there yet.
      </p>
      <table class="panel rules-coverage">
        <thead>
          <tr>
            <th>Rule</th>
            <th>Status</th>
            <th>In plain words</th>
            <th>Read more</th>
          </tr>
        </thead>
        <tbody>
          {RULES_COVERAGE.map((rule) => (
            <tr key={rule.id} data-rule={rule.id}>
              <th scope="row">
                <span class="faint">{rule.id}</span> {rule.name}
              </th>
              <td class={`coverage-status ${statusClass(rule.status)}`}>
                {statusWords(rule.status)}
              </td>
              <td>{rule.summary}</td>
              <td class="small">
                <ReadMore text={rule.readMore} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section id="rules-notes" class="panel rules-notes">
        <h2>Rules notes</h2>
        <p>
          Some values of the printed components are lost or unclear; these are the values this
          server uses instead, and why.
        </p>
        {rulesNotesSections().map(({ area, lines }) => (
          <section key={area}>
            <h3>{area}</h3>
            <ul>
              {lines.map(({ items, why }) => (
                <li key={why}>
                  {items.join('; ')}. <em>{why}.</em>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
      <h2>Why not? The rules behind a refusal</h2>
      <p>
        When the game refuses a choice, it names the rule that stopped it and says it in one line:
      </p>
      <dl class="panel rule-lines" data-testid="rule-lines">
        {Object.entries(RULE_LINES).map(([id, line]) => (
          <div key={id} data-rule-line={id}>
            <dt>{id}</dt>
            <dd>{line}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
