import axe from 'axe-core';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** axe-core, injected by axeFindings into the page under test. */
    axe?: typeof axe;
  }
}

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/** One element that breaks one axe rule. */
export interface AxeFinding {
  rule: string;
  impact: Impact;
  /** What the rule asks for, e.g. 'Buttons must have discernible text'. */
  help: string;
  helpUrl: string;
  /** axe's CSS selector of the element (frames and shadow roots joined). */
  selector: string;
  /** The element's opening HTML, cut by axe. */
  html: string;
  /** What to fix, as axe words it. */
  summary: string;
}

/**
 * A violation that is known, owned and being fixed: it is printed on every run but does not fail the check.
 * Matches one rule on elements whose selector or opening HTML contains `selector` (or matches it; Mantine's ids
 * change every render, so an element is often told by its HTML), on the named screens or all,
 * and, when `summary` is given, whose axe summary matches it (a contrast finding names its two colours: a
 * theme colour is matched by its value wherever it is drawn, and only that colour).
 */
export interface KnownFinding {
  rule: string;
  selector: string | RegExp;
  summary?: RegExp;
  screens?: readonly string[];
  /** Who fixes it (the file's owner). */
  owner: string;
  fix: string;
}

const BLOCKING: ReadonlySet<Impact> = new Set(['serious', 'critical']);

function impactOf(value: axe.ImpactValue | undefined): Impact {
  // axe leaves the impact out only on passes; a violation without one is treated as the worst, not ignored.
  return value ?? 'critical';
}

function selectorText(target: axe.UnlabelledFrameSelector): string {
  return target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' | ');
}

/**
 * Runs axe-core's default rules (WCAG 2.x A/AA and best practices) on the page as it is now and returns one finding
 * per element. axe is injected once per document: a hash navigation keeps it, a reload injects it again.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const present = await page.evaluate(() => window.axe !== undefined);
  // Evaluated through the DevTools protocol, not a script tag: the console's Content-Security-Policy forbids inline
  // scripts, and it should not be loosened for the check.
  if (!present) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const injected = window.axe;
    if (!injected) throw new Error('axe-core did not load into the page');
    // Only violations: collecting the passes costs time and is not read.
    const results = await injected.run(document, { resultTypes: ['violations'] });
    return results.violations;
  });
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: impactOf(node.impact ?? violation.impact),
      help: violation.help,
      helpUrl: violation.helpUrl,
      selector: selectorText(node.target),
      html: node.html,
      summary: node.failureSummary ?? '',
    })),
  );
}

function matches(known: KnownFinding, finding: AxeFinding, screen: string): boolean {
  if (known.rule !== finding.rule) return false;
  if (known.screens && !known.screens.includes(screen)) return false;
  if (known.summary && !known.summary.test(finding.summary)) return false;
  const { selector } = known;
  return [finding.selector, finding.html].some((text) =>
    typeof selector === 'string' ? text.includes(selector) : selector.test(text),
  );
}

export interface SortedFindings {
  /** Serious or critical and not known: these fail the check. */
  blocking: AxeFinding[];
  /** Serious or critical, on the known list with their owner. */
  known: { finding: AxeFinding; known: KnownFinding }[];
  /** Moderate or minor: reported, not failing (the issue asks for no serious or critical violation). */
  lesser: AxeFinding[];
}

export function sortFindings(
  findings: readonly AxeFinding[],
  screen: string,
  knownFindings: readonly KnownFinding[],
): SortedFindings {
  const sorted: SortedFindings = { blocking: [], known: [], lesser: [] };
  for (const finding of findings) {
    if (!BLOCKING.has(finding.impact)) {
      sorted.lesser.push(finding);
      continue;
    }
    const known = knownFindings.find((entry) => matches(entry, finding, screen));
    if (known) sorted.known.push({ finding, known });
    else sorted.blocking.push(finding);
  }
  return sorted;
}

/** A finding as a few readable lines: impact, rule, element, what to fix. */
export function formatFinding(finding: AxeFinding): string {
  const summary = finding.summary
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join(' / ');
  return [
    `[${finding.impact}] ${finding.rule}: ${finding.help}`,
    `    at   ${finding.selector}`,
    `    html ${finding.html.slice(0, 200)}`,
    `    fix  ${summary.slice(0, 400)}`,
  ].join('\n');
}

/** All the findings of one screen, blocking first, for the test's output and its failure message. */
export function formatScreenReport(screen: string, sorted: SortedFindings): string {
  const lines: string[] = [];
  if (sorted.blocking.length > 0) {
    lines.push(`${screen}: ${sorted.blocking.length} serious or critical violation(s):`);
    for (const finding of sorted.blocking) lines.push(formatFinding(finding));
  }
  if (sorted.known.length > 0) {
    lines.push(`${screen}: ${sorted.known.length} known violation(s), allowed until their owner fixes them:`);
    for (const { finding, known } of sorted.known) {
      lines.push(`${formatFinding(finding)}\n    owner ${known.owner}: ${known.fix}`);
    }
  }
  return lines.join('\n');
}
