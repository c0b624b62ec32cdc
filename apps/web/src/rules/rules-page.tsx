import { RULES_COVERAGE, statusWords, type CoverageStatus } from '@outer-rim/rules';
import { routeHref } from '../route';

/** A CSS class per status, so the three kinds read apart at a glance. */
function statusClass(status: CoverageStatus): string {
  if (status === 'implemented') return 'implemented';
  return status === 'not-yet' ? 'not-yet' : 'partly';
}

/**
 * "About the rules": what a game follows today, rule by rule, from the same
 * list the "Rules coverage" table of docs/rules.md is made of, so players can look
 * before they play.
 */
export function RulesPage() {
  const count = (kind: string) =>
    RULES_COVERAGE.filter((r) => statusClass(r.status) === kind).length;
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
              <td class="small">{rule.readMore}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
